import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a PostgreSQL server, for a test's database that goes away and comes back as in a
 * restart: `hold` keeps the server's answers back (a statement in flight until the cut), `cut` drops every connection and
 * refuses new ones (the port closed), `restore` listens again on the same port.
 */
export class PgProxy {
  private server: Server | undefined;
  private readonly pairs = new Set<[Socket, Socket]>();
  private held = false;
  port = 0;

  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  /** `url` with its host and port replaced by the proxy's. */
  static async around(url: string) {
    const u = new URL(url);
    const proxy = new PgProxy(u.hostname, Number(u.port || 5432));
    await proxy.restore();
    u.hostname = '127.0.0.1';
    u.port = String(proxy.port);
    return { proxy, url: u.toString() };
  }

  async restore() {
    this.held = false;
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.host);
      const pair: [Socket, Socket] = [client, upstream];
      this.pairs.add(pair);
      const end = () => {
        this.pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      client.on('data', (d) => upstream.write(d));
      // Held: the answers are dropped (the connection is cut next, unanswered).
      upstream.on('data', (d) => {
        if (!this.held) client.write(d);
      });
      for (const s of pair) s.on('error', end).on('close', end);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  /** The server's answers are kept back until `cut`: what was sent meanwhile is in flight. */
  hold() {
    this.held = true;
  }

  /** Every connection dropped, the port closed: what a PostgreSQL stopping looks like to its clients. */
  async cut() {
    const server = this.server;
    this.server = undefined;
    const closed = new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    for (const [client, upstream] of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
    await closed;
  }

  async close() {
    await this.cut();
  }
}
