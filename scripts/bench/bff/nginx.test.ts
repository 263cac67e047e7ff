import { describe, expect, it } from 'vitest';
import { nginxText, stubConfig } from './nginx.ts';

describe("the stub backend's nginx configuration", () => {
  it('writes a text nginx reads back as it was: quotes, backslashes and dollar signs escaped', () => {
    expect(nginxText('{"price":"R$ 10,00"}')).toBe(`'{"price":"R\${dollar} 10,00"}'`);
    expect(nginxText("D'Ávila \\o/")).toBe("'D\\'Ávila \\\\o/'");
    expect(nginxText('$$')).toBe(`'\${dollar}\${dollar}'`);
  });

  it('answers the recorded status, content type, cache-control and body on every path', () => {
    const config = stubConfig('/tmp/stub', 4321, {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      body: '{"success":true,"data":{"nome":"Café R$ 5"}}',
    });
    expect(config).toContain('listen 127.0.0.1:4321;');
    expect(config).toContain('geo $dollar { default "$"; }');
    expect(config).toContain("default_type 'application/json; charset=utf-8';");
    expect(config).toContain("add_header Cache-Control 'no-store';");
    expect(config).toContain(`return 200 '{"success":true,"data":{"nome":"Café R\${dollar} 5"}}';`);
    expect(config).toContain('access_log off;');
  });
});
