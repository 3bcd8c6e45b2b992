export * from './constants';
export * from './envelope';
export * from './errors';
export * from './health';
export * from './auth';
export * from './calendar';
export * from './availability';
export * from './payments';
