// The API side's HTTP client of the school scale bench (scripts/bench-school.mjs): one keep-alive
// HTTP/1.1 connection per worker, each carrying one request at a time, as the target's 16
// connections do. On two shared cores every millisecond of the client's CPU is taken from the
// server and PostgreSQL, so it does no more than a load generator must: it writes each request's
// head and body in one write, reads the answer's status and length, and keeps the body's bytes
// without decoding them (they are decoded only for an error's message). Node's http.request built
// and parsed far more for each request (a URL, header objects both ways, a string of the body):
// about 0.16 ms of CPU a register read and 0.25 ms a learner page, about a fifth of the machine's
// work per read.
import { Buffer } from 'node:buffer';
import net from 'node:net';

const CRLF_CRLF = Buffer.from('\r\n\r\n');

/** An answer's head, from its bytes: the status, and how its body ends. */
function parseHead(head) {
  const lines = head.toString('latin1').split('\r\n');
  const status = Number(lines[0].slice(9, 12));
  if (!lines[0].startsWith('HTTP/1.') || !Number.isInteger(status)) throw new Error(`not an HTTP answer: ${lines[0]}`);
  let length = null;
  let chunked = false;
  let close = false;
  for (let i = 1; i < lines.length; i++) {
    const colon = lines[i].indexOf(':');
    const name = lines[i].slice(0, colon).trim().toLowerCase();
    const value = lines[i]
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    if (name === 'content-length') length = Number(value);
    else if (name === 'transfer-encoding') chunked = value.split(',').some((v) => v.trim() === 'chunked');
    else if (name === 'connection') close = value === 'close';
  }
  return { status, length, chunked, close };
}

/**
 * Where a chunked body ends in `buf` (from `start`), and its bytes without the chunk framing, or
 * null while it has not all arrived.
 */
function chunkedBody(buf, start) {
  const parts = [];
  let at = start;
  for (;;) {
    const eol = buf.indexOf('\r\n', at, 'latin1');
    if (eol < 0) return null;
    const size = parseInt(buf.toString('latin1', at, eol).split(';')[0], 16);
    if (!Number.isInteger(size)) throw new Error('a chunked answer with a broken chunk size');
    if (size === 0) {
      // The last chunk, then trailers (none expected) and an empty line.
      const end = buf.indexOf(CRLF_CRLF, eol);
      return end < 0 ? null : { end: end + 4, body: Buffer.concat(parts) };
    }
    if (buf.length < eol + 2 + size + 2) return null;
    parts.push(buf.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/** One connection: requests one at a time, reconnecting after an error or a `connection: close`. */
class Connection {
  constructor(host, port) {
    this.host = host;
    this.port = port;
    this.socket = null;
    this.pending = null; // { resolve, reject, head? }
    this.buf = Buffer.alloc(0);
  }

  connect() {
    const socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    socket.on('data', (chunk) => this.onData(chunk));
    // A socket this connection has let go of (after a `connection: close`) fails nothing.
    socket.on('error', (error) => this.socket === socket && this.fail(error));
    socket.on('close', () => this.socket === socket && this.fail(new Error('the server closed the connection')));
    this.socket = socket;
    this.buf = Buffer.alloc(0);
  }

  fail(error) {
    const pending = this.pending;
    this.pending = null;
    if (this.socket) {
      this.socket.destroy();
      this.socket = null;
    }
    pending?.reject(error);
  }

  onData(chunk) {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const pending = this.pending;
    if (!pending) return; // nothing asked: bytes no request is waiting for are dropped with the socket
    try {
      if (!pending.head) {
        const end = this.buf.indexOf(CRLF_CRLF);
        if (end < 0) return;
        pending.head = parseHead(this.buf.subarray(0, end));
        pending.bodyStart = end + 4;
        if (pending.head.length === null && !pending.head.chunked) throw new Error('an answer without a length');
      }
      const { head, bodyStart } = pending;
      let body;
      let end;
      if (head.chunked) {
        const got = chunkedBody(this.buf, bodyStart);
        if (!got) return;
        ({ body, end } = got);
      } else {
        end = bodyStart + head.length;
        if (this.buf.length < end) return;
        body = this.buf.subarray(bodyStart, end);
      }
      this.buf = this.buf.subarray(end);
      this.pending = null;
      if (head.close) {
        this.socket?.destroy();
        this.socket = null;
      }
      pending.resolve({ status: head.status, body });
    } catch (error) {
      this.fail(error);
    }
  }

  /** Sends one request (its head and body bytes); answers { status, body: Buffer }. */
  send(bytes) {
    if (this.pending) return Promise.reject(new Error('one request at a time on a connection'));
    if (!this.socket) this.connect();
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject, head: null, bodyStart: 0 };
      this.socket.write(bytes);
    });
  }

  close() {
    this.socket?.destroy();
    this.socket = null;
  }
}

/**
 * `count` connections to `base` (http://host:port). `request(worker, method, path, headers, body)`
 * sends on the worker's own connection; `body` is a string or Buffer (sent with its
 * content-length), headers a plain object. Answers { status, body: Buffer, text() }.
 */
export function createHttpClient(base, count) {
  const url = new URL(base);
  if (url.protocol !== 'http:') throw new Error(`the bench's client speaks plain HTTP, not ${url.protocol}`);
  const connections = Array.from({ length: count }, () => new Connection(url.hostname, Number(url.port || 80)));
  const hostLine = `Host: ${url.host}\r\n`;
  return {
    async request(worker, method, path, headers = {}, body) {
      let head = `${method} ${path} HTTP/1.1\r\n${hostLine}`;
      for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
      let bytes;
      if (body === undefined) bytes = `${head}\r\n`;
      else {
        const payload = typeof body === 'string' ? Buffer.from(body) : body;
        bytes = Buffer.concat([Buffer.from(`${head}content-length: ${payload.length}\r\n\r\n`, 'latin1'), payload]);
      }
      const answer = await connections[worker].send(bytes);
      return { ...answer, text: () => answer.body.toString('utf8') };
    },
    close() {
      for (const c of connections) c.close();
    },
  };
}
