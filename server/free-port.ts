import { createServer, type AddressInfo, type Server } from 'node:net';

/** The TCP port a listening server took (it listens on an address, not a pipe). */
export const portOf = (server: Server): number => (server.address() as AddressInfo).port;

/** A TCP port free right now on 127.0.0.1 (the kernel picks it), for throw-away servers. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const port = portOf(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}
