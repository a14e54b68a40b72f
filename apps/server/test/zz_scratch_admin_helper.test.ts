import { it } from 'vitest';
import { createTestServer } from './harness';
import { adminRouteTable } from '../src/modules/admin/guard';
it('dump', async () => {
  const s = await createTestServer();
  const doc = s.app.swagger() as any;
  for (const [p, ms] of Object.entries(doc.paths)) for (const [m, op] of Object.entries(ms as any)) console.log(m, p, JSON.stringify((op as any).parameters ?? []).slice(0, 300), JSON.stringify((op as any).requestBody ?? {}).slice(0, 400));
  console.log(JSON.stringify(adminRouteTable));
  const r = await s.app.inject({ method: 'POST', url: '/api/admin/admins', payload: {} });
  console.log(r.statusCode, r.body);
  const r2 = await s.app.inject({ method: 'POST', url: '/api/Authentication/smsLogin', headers: { uuid: 'abcdefgh1' }, payload: { phone: 123, code: 'x' } });
  console.log(r2.statusCode, r2.body);
});
