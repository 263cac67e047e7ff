import { type RequestOptions, request } from 'node:http';

/**
 * One GET with node:http, its body read as text. For what fetch cannot do: a path sent as written
 * (fetch resolves dot segments), a connection of its own or from a given Agent.
 */
export function httpGet(options: RequestOptions): Promise<{ status: number; body: string }> {
  return httpRequest(options);
}

/** httpGet for any method: `body`, when given, is sent as is (set its content-type in `options`). */
export function httpRequest(
  options: RequestOptions,
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(options, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
