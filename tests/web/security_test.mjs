// kishi serve's access rules (docs/serve.md): another address only with a
// token, the token checked, foreign Hosts and paths out of web/ refused,
// bodies bounded, bad JSON answered with a JSON error, and the server still
// serving after all of it.
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { KISHI, ROOT, startServer, check } from './harness.mjs';

// A raw request (no URL normalisation, any Host), answered with status and body.
// A body is sent with its length unless `chunked`.
function request(port, { method = 'GET', path = '/', headers = {}, body, chunked = false } = {}) {
  const length = body !== undefined && !chunked ? { 'Content-Length': Buffer.byteLength(body) } : {};
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path,
      headers: { Host: `127.0.0.1:${port}`, ...length, ...headers } }, (res) => {
      let data = '';
      res.on('data', (d) => { data += d; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: data }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

// Bytes sent as they are on one connection; everything the server sent back
// until it closed. The sending side stays open, as browsers keep it: httplib
// takes a client that half-closed for gone and answers nothing.
function rawExchange(port, bytes) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let data = '';
    socket.on('data', (d) => { data += d; });
    socket.on('close', () => resolve(data));
    socket.on('error', (e) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? resolve(data) : reject(e)));
    socket.setTimeout(10_000, () => { socket.destroy(); resolve(`${data}[timed out]`); });
  });
}

// The server answers 411 and closes with the body unread (a body without a
// length, or in chunks, has no bound to read it to); the reset that closing
// sends can overtake the answer on the client's side, so an empty reply (and
// only that) is tried again. A body over the bound with its length (413) is
// read to its end, and answered every time.
async function refusedExchange(port, bytes) {
  for (let i = 0; i < 3; i++) {
    const raw = await rawExchange(port, bytes);
    if (raw !== '') return raw;
  }
  return '';
}

function isJsonError(r) {
  try {
    return typeof JSON.parse(r.body).error === 'string';
  } catch {
    return false;
  }
}

const JSON_TYPE = { 'Content-Type': 'application/json' };

// Another address without a token is refused at start.
const open = spawnSync(KISHI, ['serve', '--listen', '0.0.0.0', '--port', '1'], { cwd: ROOT });
check(open.status === 2 && /--token/.test(open.stderr),
  `--listen 0.0.0.0 without a token: exit ${open.status}, ${open.stderr}`);

// A random token is made, printed with the URL, and asked for.
const server = await startServer(['--listen', '0.0.0.0', '--token', 'random']);
try {
  const token = (server.output().match(/\?token=([0-9a-f]{32})/) || [])[1];
  check(token, `no token printed: ${server.output()}`);
  const { port } = server;

  let r = await request(port, { path: '/api/info' });
  check(r.status === 403 && isJsonError(r), `no token: ${r.status} ${r.body}`);
  r = await request(port, { path: '/api/info', headers: { 'X-Kishi-Token': 'f'.repeat(32) } });
  check(r.status === 403 && isJsonError(r), `wrong token: ${r.status} ${r.body}`);
  r = await request(port, { path: `/api/info?token=${token}x` });
  check(r.status === 403, `longer token: ${r.status}`);
  r = await request(port, { path: '/api/info', headers: { 'X-Kishi-Token': token } });
  check(r.status === 200, `the token in a header: ${r.status} ${r.body}`);
  r = await request(port, { path: `/?token=${token}` });
  const cookie = (r.headers['set-cookie'] || [''])[0].split(';')[0];
  check(r.status === 200 && cookie === `kishi_token=${token}`, `the page with its token: ${r.status} ${cookie}`);
  r = await request(port, { path: '/api/info', headers: { Cookie: cookie } });
  check(r.status === 200, `the token in the cookie: ${r.status}`);
  const auth = { 'X-Kishi-Token': token };

  // A foreign Host (DNS rebinding) on a server listening on loopback.
  const local = await startServer([]);
  try {
    r = await request(local.port, { path: '/api/info', headers: { Host: 'evil.example' } });
    check(r.status === 403 && isJsonError(r), `foreign Host: ${r.status} ${r.body}`);
    r = await request(local.port, { path: '/', headers: { Host: `evil.example:${local.port}` } });
    check(r.status === 403, `foreign Host with the port: ${r.status}`);
    r = await request(local.port, { path: '/api/info', headers: { Host: `localhost:${local.port}` } });
    check(r.status === 200, `localhost: ${r.status}`);
    // A POST from another site's page.
    r = await request(local.port, { method: 'POST', path: '/api/games', body: '{}',
      headers: { ...JSON_TYPE, Origin: 'http://evil.example' } });
    check(r.status === 403, `a foreign Origin: ${r.status} ${r.body}`);
    r = await request(local.port, { method: 'POST', path: '/api/games', body: '{}',
      headers: { 'Content-Type': 'text/plain' } });
    check(r.status === 415, `a form's text/plain POST: ${r.status} ${r.body}`);
  } finally {
    await local.stop();
  }

  // Paths out of web/.
  for (const path of ['/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc%2fpasswd',
    '/vendor/shogiground/../../../CMakeLists.txt', '/node_modules/playwright-core/package.json',
    '/vendor/playwright-core/package.json', '/vendor/shogiground/%2e%2e/%2e%2e/package.json']) {
    r = await request(port, { path, headers: auth });
    check(r.status === 404 && !r.body.includes('root:') && !r.body.includes('project('),
      `${path}: ${r.status} ${r.body.slice(0, 80)}`);
  }
  r = await request(port, { path: '/vendor/shogiground/esm/shogiground.js', headers: auth });
  check(r.status === 200 && /javascript/.test(r.headers['content-type']), `the board library: ${r.status}`);

  // Bodies: 10 MB refused (read to its end unkept, so that the answer is never
  // overtaken by a reset), garbage JSON 400, unknown fields and bad moves named.
  const big = 'x'.repeat(10 * 1024 * 1024);
  r = await request(port, { method: 'POST', path: '/api/games', body: big,
    headers: { ...auth, ...JSON_TYPE } });
  check(r.status === 413 && /over 65536 bytes/.test(r.body), `a 10 MB body: ${r.status} ${r.body}`);
  for (let i = 0; i < 20; ++i) {  // never an empty reply: no retry here
    const raw = await rawExchange(port, `POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `X-Kishi-Token: ${token}\r\nContent-Type: application/json\r\nContent-Length: ${1 << 20}\r\n\r\n` +
      'x'.repeat(1 << 20));
    check(/^HTTP\/1\.1 413/.test(raw), `a 1 MB body, try ${i + 1}: '${raw.slice(0, 200)}'`);
  }
  r = await request(port, { method: 'POST', path: '/api/games', body: big, chunked: true,
    headers: { ...auth, ...JSON_TYPE } }).catch((e) => ({ status: `closed (${e.code})` }));
  check(r.status === 411 || r.status === 'closed (EPIPE)' || r.status === 'closed (ECONNRESET)',
    `a 10 MB body in chunks: ${r.status}`);
  for (const [body, what] of [['{"game": "shogi"', 'not JSON'], ['[1,2]', 'object'],
    ['{"colour": 1}', "unknown field 'colour'"], ['{"game": "go"}', "unknown game 'go'"],
    ['{"playouts": -5}', 'playouts'], ['{"start": "9/9/9 b - 1"}', 'board']]) {
    r = await request(port, { method: 'POST', path: '/api/games', headers: { ...auth, ...JSON_TYPE }, body });
    check(r.status === 400 && isJsonError(r) && JSON.parse(r.body).error.includes(what),
      `POST /api/games ${body}: ${r.status} ${r.body}`);
  }
  r = await request(port, { method: 'POST', path: '/api/games', headers: { ...auth, ...JSON_TYPE },
    body: '{"playouts": 20}' });
  check(r.status === 201, `a new game: ${r.status} ${r.body}`);
  const { id } = JSON.parse(r.body);
  r = await request(port, { method: 'POST', path: `/api/games/${id}/move`,
    headers: { ...auth, ...JSON_TYPE }, body: '{"move": "7g7e"}' });
  check(r.status === 400 && JSON.parse(r.body).error.includes('7g7e'), `an illegal move: ${r.status} ${r.body}`);
  r = await request(port, { method: 'POST', path: `/api/games/${id}/move`,
    headers: { ...auth, ...JSON_TYPE }, body: '{"move": 7}' });
  check(r.status === 400 && isJsonError(r), `a move that is no text: ${r.status} ${r.body}`);
  r = await request(port, { method: 'POST', path: '/api/games/0123456789abcdef/move',
    headers: { ...auth, ...JSON_TYPE }, body: '{"move": "7g7f"}' });
  check(r.status === 404 && isJsonError(r), `no such game: ${r.status} ${r.body}`);
  r = await request(port, { path: `/api/games/${id}/record?format=pgn`, headers: auth });
  check(r.status === 400 && JSON.parse(r.body).error.includes('csa'), `an unknown record format: ${r.status} ${r.body}`);
  r = await request(port, { path: '/api/nothing', headers: auth });
  check(r.status === 404 && isJsonError(r), `an unknown API path: ${r.status} ${r.body}`);
  r = await request(port, { method: 'DELETE', path: '/api/info', headers: auth });
  check(r.status >= 400 && r.status < 500, `DELETE: ${r.status}`);

  // A game's event streams: four pages at once; a fifth waits for a place and,
  // none freed, is refused by name; a page that left frees its place within
  // seconds, and a page that comes then gets it.
  const openStream = () => new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: `/api/games/${id}/events`, agent: false,
      headers: { Host: `127.0.0.1:${port}`, ...auth } }, (res) => resolve({ req, res }));
    req.on('error', reject);
  });
  const streams = [];
  for (let i = 0; i < 4; ++i) streams.push(await openStream());
  check(streams.every((s) => s.res.statusCode === 200), `four event streams: ${streams.map((s) => s.res.statusCode)}`);
  let began = Date.now();
  const fifth = await request(port, { path: `/api/games/${id}/events`, headers: auth });
  check(fifth.status === 503 && /4 pages open already/.test(fifth.body) && Date.now() - began >= 3000,
    `a fifth event stream: ${fifth.status} after ${Date.now() - began} ms: ${fifth.body}`);
  streams.shift().req.destroy();  // a page leaves
  began = Date.now();
  const sixth = await openStream();
  check(sixth.res.statusCode === 200, `a page after one left: ${sixth.res.statusCode} after ${Date.now() - began} ms`);
  for (const s of [...streams, sixth]) s.req.destroy();

  // Bytes that are not UTF-8, in a path, a start text, a move and a format.
  r = await request(port, { path: '/%FF', headers: auth });
  check(r.status === 404 && isJsonError(r), `GET /%FF: ${r.status} ${r.body}`);
  for (const start of ['lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN\u00e9 b - 1',
    '4k4/9/9/9/9/9/9/9/4K4 b \u00e9 1']) {
    r = await request(port, { method: 'POST', path: '/api/games', headers: { ...auth, ...JSON_TYPE },
      body: JSON.stringify({ start }) });
    check(r.status === 400 && isJsonError(r), `a start with odd bytes: ${r.status} ${r.body}`);
  }
  r = await request(port, { method: 'POST', path: `/api/games/${id}/move`,
    headers: { ...auth, ...JSON_TYPE }, body: JSON.stringify({ move: '7g\u00e97f' }) });
  check(r.status === 400 && isJsonError(r), `a move with odd bytes: ${r.status} ${r.body}`);
  r = await request(port, { path: `/api/games/${id}/record?format=%C3`, headers: auth });
  check(r.status === 400 && isJsonError(r), `a record format with odd bytes: ${r.status} ${r.body}`);

  // A refused request's body is never read as a request of its own (no smuggling).
  const inner = 'POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
    `X-Kishi-Token: ${token}\r\nContent-Length: 2\r\n\r\n{}`;
  const padded = ' '.repeat(8192) + inner;
  let raw = await rawExchange(port, `POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
    `X-Kishi-Token: ${token}\r\nOrigin: http://evil.example\r\nContent-Type: text/plain\r\n` +
    `Content-Length: ${padded.length}\r\n\r\n${padded}`);
  check(/^HTTP\/1\.1 (403|415)/.test(raw) && (raw.match(/HTTP\/1\.1/g) || []).length === 1, `a smuggled request: ${raw.slice(0, 300)}`);
  // A body without a length, and a chunked one, are refused unread.
  raw = await refusedExchange(port, `POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
    `X-Kishi-Token: ${token}\r\nContent-Type: application/json\r\n\r\n${'x'.repeat(1 << 20)}`);
  check(/^HTTP\/1\.1 411/.test(raw), `a body without a length: ${raw.slice(0, 200)}`);
  raw = await refusedExchange(port, `PUT /api/info HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
    `X-Kishi-Token: ${token}\r\nTransfer-Encoding: chunked\r\n\r\n100000\r\n${'x'.repeat(1 << 20)}`);
  check(/^HTTP\/1\.1 411/.test(raw), `a chunked PUT: ${raw.slice(0, 200)}`);

  // A connection whose request comes late (a busy browser connects ahead of
  // its requests) is still answered.
  raw = await new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => setTimeout(() => socket.write(
      `GET /api/info HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Kishi-Token: ${token}\r\n\r\n`), 7000));
    let data = '';
    socket.on('data', (d) => { data += d; });
    socket.on('close', () => resolve(data));
    socket.on('error', () => resolve(data));
  });
  check(/^HTTP\/1\.1 200/.test(raw), `a request 7 s after its connection: ${raw.slice(0, 80) || 'closed unanswered'}`);

  // Still serving.
  r = await request(port, { path: '/api/info', headers: auth });
  check(r.status === 200 && server.proc.exitCode === null, `after all that: ${r.status}`);
  r = await request(port, { method: 'POST', path: `/api/games/${id}/move`,
    headers: { ...auth, ...JSON_TYPE }, body: '{"move": "7g7f"}' });
  check(r.status === 200, `a legal move at the end: ${r.status} ${r.body}`);
} finally {
  const code = await server.stop();
  check(code === 0, `kishi serve exited ${code} on SIGTERM: ${server.output()}`);
}
console.log('security: all checks passed');
