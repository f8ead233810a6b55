/**
 * A `ReadableStream` of the strings an async iterable yields, e.g. the Vercel `ai` package's
 * `textStream`: `fromAsyncIterable(result.textStream).pipeThrough(a2uiStream(catalog))`. Pulls
 * one value per read (backpressure); cancelling the stream calls the iterator's `return()`. An
 * error thrown by the iterator errors the stream as it is.
 */
export function fromAsyncIterable(iterable: AsyncIterable<string>): ReadableStream<string> {
  let iterator: AsyncIterator<string> | undefined;
  return new ReadableStream<string>(
    {
      async pull(controller) {
        iterator ??= iterable[Symbol.asyncIterator]();
        const { done, value } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      async cancel(reason) {
        await iterator?.return?.(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
