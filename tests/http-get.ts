import { type RequestOptions, request } from 'node:http';

/**
 * One GET with node:http, its body read as text. For what fetch cannot do: a path sent as written
 * (fetch resolves dot segments), a connection of its own or from a given Agent.
 */
export function httpGet(options: RequestOptions): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(options, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
