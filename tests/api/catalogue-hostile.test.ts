import { describe, expect, it } from 'vitest';
import type { TestGateway } from '../testing/test-gateway.ts';
import { gatewayPerFile } from '../testing/gateway-per-file.ts';

// Shrunk cases the HTTP fuzzer (fuzz-http.test.ts) found, as plain requests against a gateway.
let gw: TestGateway;

gatewayPerFile({ size: 'tiny' }, (started) => (gw = started));

describe('hostile catalogue queries', () => {
  it('answers a NUL keyword with a 400, alone or with another filter', async () => {
    for (const query of ['keyword=%00&packCode=0', 'keyword=%00', 'keyword=%00&bpmMin=1']) {
      const response = await fetch(`${gw.url}/api/v2/tt-audios/search-resource?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.headers.get('x-error-message'), query).toBeTruthy();
    }
    const inside = await fetch(`${gw.url}/api/v2/tt-audios/search-resource?keyword=kick%00808`);
    expect(inside.status).toBe(200);
  });
});
