import { describe, expect, it } from 'vitest';
import { npmStartServerCommand } from '../../scripts/build-server.ts';

describe('npm start', () => {
  it('runs the compiled server with plain node: no allocator variables, no V8 flags', () => {
    expect(npmStartServerCommand()).toEqual({ env: {}, nodeArgs: ['dist-server/server/start.js'] });
  });
});
