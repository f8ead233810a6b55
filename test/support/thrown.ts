/** What `call` throws; fails the test when it returns. */
export function thrown(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
}
