import { defineConfig } from 'vitest/config';

// One emulator, one vector at a time: the tests share the database and clear it per vector.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    sequence: { concurrent: false },
  },
});
