// Starts the sandbox on a loopback port over a data file. Prints nothing: the caller (server/start.ts)
// prints the sandbox banner, so the output stays in one place.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createSandboxApp } from './app.ts';
import { leaveServerNote } from './running-server.ts';
import { openSandboxDb } from './seed/open.ts';

export type StartSandboxOptions = {
  /** SQLite file (created and seeded when missing) or ':memory:'. */
  dataFile: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  logger?: Logger;
  /** The Pix charge extension (SANDBOX_PIX_CHARGES, payment/pix-switch.ts); on unless false. */
  pixCharges?: boolean;
  /** The chat app's extensions (SANDBOX_CHAT_APP, shop/chat-app-switch.ts); on unless false. */
  chatApp?: boolean;
};

export type RunningSandbox = {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  /** Stops accepting connections, ends open ones and closes the database. */
  close(): Promise<void>;
};

export async function startSandbox({
  dataFile,
  port = 0,
  host = '127.0.0.1',
  logger,
  pixCharges = true,
  chatApp = true,
}: StartSandboxOptions): Promise<RunningSandbox> {
  const db = openSandboxDb(dataFile);
  const app = createSandboxApp({ db, logger, pixCharges, chatApp });
  try {
    const server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(s)));
    });
    const { port: boundPort } = server.address() as AddressInfo;
    const urlHost = host.includes(':') ? `[${host}]` : host;
    const url = `http://${urlHost}:${boundPort}`;
    // sandbox:reset reads it to tell whether a running server uses the file it resets.
    const takeNoteAway = dataFile === ':memory:' ? () => {} : leaveServerNote(dataFile, url);
    let closing: Promise<void> | undefined;
    return {
      url,
      close() {
        closing ??= new Promise<void>((resolve, reject) => {
          server.close((error) => {
            takeNoteAway();
            db.close();
            if (error) reject(error);
            else resolve();
          });
          // Keep-alive connections from the BFF's pool would otherwise hold close() open.
          server.closeAllConnections();
        });
        return closing;
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}
