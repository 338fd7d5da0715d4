import { afterAll, beforeAll } from 'vitest';
import { startTestGateway, type TestGateway } from './test-gateway.ts';

/**
 * One gateway for a test file: started before its tests and closed after them. `ready` gets it
 * to keep and to set up what the file's tests share (users, device keys, sample ids).
 */
export function gatewayPerFile(
  options: Parameters<typeof startTestGateway>[0],
  ready: (gw: TestGateway) => unknown,
): void {
  let gw: TestGateway | undefined;
  beforeAll(async () => {
    gw = await startTestGateway(options);
    await ready(gw);
  });
  afterAll(async () => {
    await gw?.close();
  });
}
