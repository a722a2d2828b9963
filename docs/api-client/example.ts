// An integrator's client of the 仪采通 API, typed from the served OpenAPI document:
//   npx openapi-typescript https://<your host>/api/docs/json -o api.d.ts
// Run: API_URL=… SUPPLIER_LOGIN=… SUPPLIER_PASSWORD=… npx tsx example.ts
// It signs in as a supplier, pages through the catalogue and the demand hall, and quotes on the
// newest demand that takes quotations. Errors arrive as {code, msg} with a Chinese message.
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './api';

const baseUrl = process.env.API_URL ?? 'http://127.0.0.1:3000';
const client = createClient<paths>({ baseUrl });

// 1. A token: POST /auth/member/login answers {code: 200, data: {access_token}}.
const login = await client.POST('/auth/member/login', {
  body: { loginType: 'password', phoneOrEmail: process.env.SUPPLIER_LOGIN ?? '', password: process.env.SUPPLIER_PASSWORD ?? '' },
});
if (login.data?.code !== 200 || !login.data.data) throw new Error(`登录失败：${login.error?.msg ?? login.data?.msg}`);
const token = login.data.data.access_token;
const auth: Middleware = {
  onRequest({ request }) {
    request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
};
client.use(auth);

// 2. The catalogue, page by page (pageSize up to the documented maximum).
let seen = 0;
for (let page = 1; page <= 3; page++) {
  const { data } = await client.GET('/api/products', { params: { query: { keyword: '色谱', page, pageSize: 20 } } });
  if (!data?.data) throw new Error('商品列表读取失败');
  seen += data.data.items.length;
  if (page * 20 >= data.data.total) break;
}
console.log(`products read: ${seen}`);

// 3. The demand hall: demands taking quotations.
const hall = await client.GET('/api/demands', { params: { query: { page: 1, pageSize: 10, status: 'active' } } });
const demand = hall.data?.data?.items.find((d) => d.status === 'OPEN' || d.status === 'QUOTED');
if (!demand) throw new Error('没有正在报价的求购');
console.log(`demand: ${demand.id} ${demand.title}`);

// 4. A quotation on it (validity no earlier than the quote deadline).
const validUntil = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
const sent = await client.POST('/api/quotations', {
  body: {
    demandId: demand.id,
    lines: [{ brand: '安捷伦', model: '8890', unitPrice: 268000, taxIncluded: true, quantity: 1, leadTimeDays: 30, warrantyMonths: 12, paymentTerms: '货到付款' }],
    validUntil,
    notes: '含安装调试与培训',
  },
});
if (sent.data?.code !== 200 || !sent.data.data) throw new Error(`报价失败：${sent.error?.msg ?? sent.data?.msg}`);
console.log(`quotation: ${sent.data.data.id}`);
