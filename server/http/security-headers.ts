import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy: our own scripts, workers and WebAssembly (`'wasm-unsafe-eval'`),
 * inline styles for styled-components, images and media from us (plus blob:/data: for covers and
 * decoded audio), and nothing else.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The headers every answer carries (docs/API.md), names in lower case. Answers written before
 * routing — Node's parser failures (client-error.ts) and the router's own (envelope.ts) — run no
 * onSend hook, so they set these themselves.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  // The page's own microphone only: my beat is recorded with it (docs/AUDIO.md, "My beat").
  'permissions-policy': 'camera=(), microphone=(self), geolocation=()',
};

/** Adds the security headers to every response that passes through the router. */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    return payload;
  });
}
