import { Buffer } from 'node:buffer';
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient } from './http-client.mjs';

const closers = [];
afterEach(async () => {
  while (closers.length) await closers.pop()();
});

/** Listens on a free loopback port; answers its base URL. */
async function listen(server) {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${server.address().port}`;
}

describe("the school bench's HTTP client", () => {
  it('sends the method, path, headers and body, and reads answers of a length, chunked, and an error', async () => {
    const seen = [];
    const base = await listen(
      http.createServer((req, res) => {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          seen.push({ method: req.method, url: req.url, cookie: req.headers.cookie, body });
          if (req.url === '/chunked') {
            res.write('{"a":');
            setTimeout(() => res.end('"ü"}'), 5);
          } else if (req.url === '/missing') {
            res.writeHead(404, { 'content-type': 'text/plain' }).end('no such register');
          } else {
            res
              .writeHead(200, { 'content-type': 'application/json' })
              .end(JSON.stringify({ got: Buffer.byteLength(body) }));
          }
        });
      }),
    );
    const client = createHttpClient(base, 2);
    closers.push(async () => client.close());

    const put = await client.request(0, 'PUT', '/save?x=1', { cookie: 's=1' }, JSON.stringify({ name: 'Thandiwé' }));
    expect(put.status).toBe(200);
    expect(JSON.parse(put.text())).toEqual({ got: Buffer.byteLength('{"name":"Thandiwé"}') });
    const chunked = await client.request(0, 'GET', '/chunked', { cookie: 's=1' });
    expect([chunked.status, chunked.text()]).toEqual([200, '{"a":"ü"}']);
    const missing = await client.request(1, 'GET', '/missing');
    expect([missing.status, missing.text()]).toEqual([404, 'no such register']);
    // Keep-alive: the three requests went over the workers' two connections, in order.
    expect(seen.map((s) => `${s.method} ${s.url} ${s.cookie ?? '-'} ${s.body}`)).toEqual([
      'PUT /save?x=1 s=1 {"name":"Thandiwé"}',
      'GET /chunked s=1 ',
      'GET /missing - ',
    ]);
  });

  it('reads an answer that arrives in pieces, and connects again after the server closes', async () => {
    let connections = 0;
    const base = await listen(
      net.createServer((socket) => {
        connections++;
        let buffered = '';
        socket.on('data', (chunk) => {
          buffered += chunk;
          if (!buffered.includes('\r\n\r\n')) return;
          const close = buffered.startsWith('GET /close');
          buffered = '';
          // The head byte by byte, the body after a pause.
          const head = `HTTP/1.1 200 OK\r\nContent-Length: 5\r\n${close ? 'Connection: close\r\n' : ''}\r\n`;
          for (const ch of head) socket.write(ch);
          setTimeout(() => {
            socket.write('hello');
            if (close) socket.end();
          }, 5);
        });
      }),
    );
    const client = createHttpClient(base, 1);
    closers.push(async () => client.close());
    expect((await client.request(0, 'GET', '/close')).text()).toBe('hello');
    expect((await client.request(0, 'GET', '/again')).text()).toBe('hello');
    expect((await client.request(0, 'GET', '/again')).text()).toBe('hello');
    expect(connections).toBe(2);
  });

  it('refuses a second request on a busy connection, and fails a request whose connection drops', async () => {
    const base = await listen(net.createServer((socket) => socket.on('data', () => socket.destroy())));
    const client = createHttpClient(base, 1);
    closers.push(async () => client.close());
    const first = client.request(0, 'GET', '/');
    await expect(client.request(0, 'GET', '/')).rejects.toThrow('one request at a time');
    await expect(first).rejects.toThrow();
  });
});
