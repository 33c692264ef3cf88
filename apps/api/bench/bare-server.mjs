// The baseline: bare node:http answering, byte for byte, what the API answered for each path.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const answers = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const server = createServer((req, res) => {
  const answer = answers[`${req.method} ${req.url}`];
  req.resume();
  req.on('end', () => {
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
    res.end(answer);
  });
});
server.listen(Number(process.argv[3]), '127.0.0.1', () => console.log('bare ready'));
