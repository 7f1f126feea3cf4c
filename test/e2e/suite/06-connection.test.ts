// Test Connection against the fake service (test/connection/fakeService.ts).
import { describe, it } from './harness';

describe('test connection', () => {
  it('succeeds against the fake service with the right credentials');
  it('reports the failure with a wrong personal access token');
});
