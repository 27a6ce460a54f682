/* global fetch, performance, TextDecoder, AbortController */
// A signed-in user for the benches and drills: their cookie, and their realtime event stream.

/** Signs in by e-mail and password on `base`; the answer is the Cookie header to send. */
export async function signIn(base, email, password, origin) {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed (${response.status}): ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * A user's event stream (Server-Sent Events) on `base`, open once the server says ready:
 * `waitFor(body)` resolves with the time (performance.now()) a message with that body arrives.
 */
export async function openStream(base, cookie) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/realtime/stream`, { headers: { cookie }, signal: controller.signal });
  if (!response.ok) throw new Error(`stream refused (${response.status})`);
  const waiting = new Map();
  let ready;
  const isReady = new Promise((resolve) => (ready = resolve));
  void (async () => {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event === 'ready') ready();
          if (event === 'message.created' && data) {
            const body = JSON.parse(data).message.body;
            waiting.get(body)?.(performance.now());
            waiting.delete(body);
          }
        }
      }
    } catch {
      // closed
    }
  })();
  await isReady;
  return {
    waitFor: (marker) => new Promise((resolve) => waiting.set(marker, resolve)),
    close: () => controller.abort(),
  };
}
