import { configure } from '@testing-library/react';

// findBy… and waitFor wait up to 5 s rather than 1 s: a dialog the app loads lazily (import()) can
// take longer than a second to arrive on a busy 2-core machine, and a test must not fail for that.
configure({ asyncUtilTimeout: 5_000 });
