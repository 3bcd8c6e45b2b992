import type { User } from '@sukoon/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from './passwords';
import { createSessionsService } from './sessions-service';
import { createUsersRepository } from './users-repository';

/** Verifying against a real hash when the email is unknown keeps both answers equally slow. */
const unknownUserHash = hashPassword('no-such-user-placeholder');

export function toUserDto(user: {
  id: string;
  email: string;
  username: string;
  role: User['role'];
}): User {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    role: user.role,
    avatarUrl: null,
  };
}

export function createAuthService(db: Database) {
  const usersRepository = createUsersRepository(db);
  const sessions = createSessionsService(db);
  return {
    async login(email: string, password: string) {
      const user = await usersRepository.findByEmail(email);
      const valid = await verifyPassword(user?.passwordHash ?? (await unknownUserHash), password);
      if (!user || !valid) throw new AppError('INVALID_CREDENTIALS');
      if (!user.emailVerifiedAt) {
        throw new AppError(
          'FORBIDDEN',
          'Please verify your email before signing in. We can send a new code.',
        );
      }
      const { token } = await sessions.issue(user.id);
      return { token, user: toUserDto(user) };
    },

    logout: (sessionId: string) => sessions.revoke(sessionId),
  };
}
