import net from 'node:net';
import { freePort } from '../../scripts/freePort';

export interface TcpProxy {
  /** host:port the proxy listens on. */
  port: number;
  /** Cuts every connection through the proxy and refuses new ones, as a database server that went away. */
  cut(): Promise<void>;
  /** Takes connections again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy on a free loopback port in front of `target` (host:port), so a test can take a server
 * out of reach of the processes that use it and bring it back, without touching the server itself.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const port = await freePort();
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.once('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen();
  return {
    port,
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of open) socket.resetAndDestroy();
      await closed;
    },
    restore: listen,
    async close() {
      for (const socket of open) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
