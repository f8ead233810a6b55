// What a server on 127.0.0.1 checks before it answers (the chat example and the playground):
// - Host: only its own loopback names, so a page on another name that resolves to 127.0.0.1
//   (DNS rebinding) is refused;
// - Origin and Sec-Fetch-Site: a request a page of another origin sent is refused, so a site the
//   developer visits cannot spend the model's key;
// - a JSON body: `Content-Type: application/json` (a cross-site form or `text/plain` POST cannot
//   send it without a preflight, which is never answered), and at most `limit` bytes.

/** The names this server answers to on `port`. */
function ownHosts(port) {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
}

/**
 * Why `request` must not be answered (a status and a reason), or `undefined` when it may be: its
 * `Host` is not one of the server's loopback names, or it came from a page of another origin.
 */
export function refusal(request, port) {
  const hosts = ownHosts(port);
  if (!hosts.has(request.headers.host ?? '')) return { status: 421, reason: 'unknown Host' };
  const origin = request.headers.origin;
  if (origin !== undefined && !(origin.startsWith('http://') && hosts.has(origin.slice('http://'.length)))) {
    return { status: 403, reason: 'cross-origin request' };
  }
  if (request.headers['sec-fetch-site'] === 'cross-site') return { status: 403, reason: 'cross-site request' };
  return undefined;
}

/** An error whose `status` is the answer to give. */
export class RequestError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * The body of a JSON request, at most `limit` bytes; throws a {@link RequestError} (415: not
 * `application/json`; 413: larger than `limit`) without reading past the limit.
 */
export async function readJsonBody(request, limit) {
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') throw new RequestError(415, 'Content-Type must be application/json');
  if (Number(request.headers['content-length'] ?? 0) > limit) throw new RequestError(413, `body larger than ${limit} bytes`);
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    const onData = (chunk) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      // Read no further: the answer goes out with `connection: close`, which ends the rest.
      request.off('data', onData);
      request.pause();
      reject(new RequestError(413, `body larger than ${limit} bytes`));
    };
    request.on('data', onData);
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
