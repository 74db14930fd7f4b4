import { afterAll, afterEach, vi } from 'vitest';

// A test that makes the code log an unexpected console.error fails (an error nobody asserted on).
const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length > 0)
    throw new Error(`console.error was called: ${calls.map((c) => c.join(' ')).join('\n')}`);
});

// Files share their worker (decision 308): none hands a fake clock to the next.
afterAll(() => {
  vi.useRealTimers();
});
