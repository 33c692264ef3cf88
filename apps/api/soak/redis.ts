// Redis: the soak's own redis-server on a free port (nothing saved), stopped and started again by a fault.
import net from 'node:net';
import path from 'node:path';
import { Proc, until } from './stack';

// ---- Redis -----------------------------------------------------------------------------------------------

export class RedisServer {
  proc: Proc | undefined;
  starts = 0;
  constructor(
    readonly port: number,
    readonly dir: string,
  ) {}

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start() {
    this.starts++;
    this.proc = new Proc(
      `redis-server :${this.port}`,
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      { cwd: this.dir, logFile: path.join(this.dir, 'redis.log') },
    );
    await until('redis', 10_000, async () => ((await redisPing(this.port)) ? true : undefined));
  }

  async stop() {
    await this.proc?.stop(3000);
  }
}

function redisPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setTimeout(1000, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => {
      answer += d.toString();
      if (answer.includes('\r\n')) {
        socket.end();
        resolve(answer.startsWith('+PONG'));
      }
    });
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(answer.startsWith('+PONG')));
  });
}
