import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentDocumentShape,
  failureCodeOf,
  type HomeHeroCarouselBlock,
  type HomePage,
  type ScheduledBanner,
} from '@despensa/contracts';
import { SEED_MERCHANDISER, SEED_OPERATOR_PASSWORD } from '../src/modules/operations/service';
import { createTestApp, type TestApp } from './support/app';
import { CART_HEADERS } from './support/cart';
import { TEST_NOW } from './support/constants';
import { erpCall, staffLogin } from './support/integration';
import { eventually } from './support/eventually';

const ADMIN = { email: 'administradora@despensa.cl', password: 'administradora-despensa' };
const HOUR = 3_600_000;
const PVT = '/api/content/pvt/documents';
const ADMIN_API = '/api/admin/content/documents';

let shop: TestApp;
/** The test app's clock, moved by the tests. */
let now = TEST_NOW;
let adminToken: string;
let merchandiserToken: string;
let operatorToken: string;
let contentKey: { appKey: string; appToken: string };
let pricesKey: { appKey: string; appToken: string };

type Key = { appKey: string; appToken: string } | null;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const erp = (key: Key, method: Method, url: string, payload?: object) =>
  erpCall(shop.app, key, method, url, payload);

function backOffice(token: string | null, method: Method, url: string, payload?: object) {
  return shop.app.inject({
    method,
    url,
    headers: { ...CART_HEADERS, ...(token ? { 'x-staff-token': token } : {}) },
    ...(payload ? { payload } : {}),
  });
}

/** What a shopper's storefront reads: /api/cms/{key}.json. */
async function shopperSees(key: string): Promise<unknown> {
  const answer = await shop.app.inject({ method: 'GET', url: `/api/cms/${key}.json`, headers: CART_HEADERS });
  return answer.statusCode === 200 ? answer.json() : answer.statusCode;
}

const auditOf = async (subject: string) =>
  (
    await backOffice(adminToken, 'GET', `/api/admin/audit-log?subject=${encodeURIComponent(subject)}`)
  ).json() as { action: string; actor: { kind: string; id: string }; before: unknown; after: unknown }[];

const heroOf = (page: HomePage) =>
  page.blocks.find((block): block is HomeHeroCarouselBlock => block.type === 'hero-carousel')!;

/** The home with one more hero banner, live from `start` to a week later. */
function homeWithBanner(home: HomePage, id: string, start: Date): HomePage {
  const banner: ScheduledBanner = {
    id,
    title: 'Semana del pan',
    url: '/panaderia',
    image_desktop: '/media/banners/pan-desktop.svg',
    image_mobile: '/media/banners/pan-mobile.svg',
    alt: 'Semana del pan: 30 % en pan amasado',
    active: true,
    start_date: start.toISOString(),
    end_date: new Date(start.getTime() + 7 * 24 * HOUR).toISOString(),
  };
  return {
    ...home,
    blocks: home.blocks.map((block) =>
      block.type === 'hero-carousel' ? { ...block, banners: [banner, ...block.banners] } : block,
    ),
  };
}

const bannerIds = (page: unknown) => heroOf(page as HomePage).banners.map((banner) => banner.id);

beforeAll(async () => {
  shop = await createTestApp({ clock: () => now });
  const [{ id: storeId }] = (await shop.database.pool.query('SELECT id FROM store LIMIT 1')).rows;
  await shop.services.operations.addStaff({ ...ADMIN, name: 'Administradora', storeId, role: 'admin' });
  adminToken = await staffLogin(shop, ADMIN.email, ADMIN.password);
  merchandiserToken = await staffLogin(shop, SEED_MERCHANDISER.email, SEED_MERCHANDISER.password);
  operatorToken = await staffLogin(shop, `operador.${storeId}@despensa.cl`, SEED_OPERATOR_PASSWORD);
  const created = (scopes: string[]) =>
    backOffice(adminToken, 'POST', '/api/admin/app-keys', { label: scopes.join(' '), scopes });
  contentKey = (await created(['content'])).json();
  pricesKey = (await created(['prices'])).json();
});
afterAll(async () => {
  await shop?.close();
});

describe('who may edit content', () => {
  it('refuses no credentials, a key without the content scope, no staff session and an operator', async () => {
    const none = await erp(null, 'GET', PVT);
    expect([none.statusCode, failureCodeOf(none.json())]).toEqual([401, 'appKeyMissing']);
    for (const [method, url, body] of [
      ['GET', PVT, undefined],
      ['GET', `${PVT}/page-home`, undefined],
      ['PUT', `${PVT}/curtain/draft`, { landing: { active: true, html: '' } }],
      ['POST', `${PVT}/curtain/publish`, {}],
    ] as const) {
      const answer = await erp(pricesKey, method, url, body);
      expect([answer.statusCode, failureCodeOf(answer.json())], url).toEqual([403, 'appKeyScopeForbidden']);
    }
    const stranger = await backOffice(null, 'GET', ADMIN_API);
    expect([stranger.statusCode, failureCodeOf(stranger.json())]).toEqual([401, 'notStaff']);
    const operator = await backOffice(operatorToken, 'PUT', `${ADMIN_API}/curtain/draft`, {});
    expect([operator.statusCode, failureCodeOf(operator.json())]).toEqual([403, 'staffRoleForbidden']);
    // Nothing of the refused calls was kept.
    expect((await erp(contentKey, 'GET', `${PVT}/curtain`)).json().draft).toBeNull();
  });

  it('lets administrators and merchandisers read every document', async () => {
    for (const token of [adminToken, merchandiserToken]) {
      const list = await backOffice(token, 'GET', ADMIN_API);
      expect(list.statusCode).toBe(200);
      const keys = list.json().items.map((item: { key: string }) => item.key);
      expect(keys).toEqual(expect.arrayContaining(['page-home', 'menu', 'curtain', 'list-banners']));
    }
  });
});

describe('every seeded document fits the shape its kind is checked against', () => {
  it('so an editor can save each one back as a draft', async () => {
    const { items } = (await erp(contentKey, 'GET', PVT)).json() as { items: { key: string }[] };
    expect(items.length).toBeGreaterThan(10);
    for (const { key } of items) {
      const { published } = (await erp(contentKey, 'GET', `${PVT}/${key}`)).json();
      const checked = contentDocumentShape(key).safeParse(published);
      expect(checked.success, `${key}: ${checked.error?.message}`).toBe(true);
    }
  });
});

describe('malformed documents and calls', () => {
  it('refuses a document that does not fit its kind with contentInvalid, and keeps no draft', async () => {
    const home = (await shopperSees('page-home')) as HomePage;
    const endsBeforeStart = homeWithBanner(home, 'al-reves', new Date(TEST_NOW.getTime() + HOUR));
    const banner = heroOf(endsBeforeStart).banners[0]!;
    banner.end_date = new Date(TEST_NOW.getTime() - HOUR).toISOString();
    for (const [key, body] of [
      ['page-home', { ...home, blocks: 'ninguno' }],
      ['page-home', endsBeforeStart],
      ['curtain', { landing: { active: 'sí', html: '' }, content: [] }],
      ['legal-terminos-y-condiciones', { title: '', sections: [] }],
    ] as const) {
      const answer = await erp(contentKey, 'PUT', `${PVT}/${key}/draft`, body);
      expect([answer.statusCode, failureCodeOf(answer.json())], key).toEqual([400, 'contentInvalid']);
      expect(failureCodeOf(answer.json())).toBe('contentInvalid');
      expect(answer.json().message).toBe(
        'El documento no tiene la forma que la tienda espera para ese contenido.',
      );
    }
    expect((await erp(contentKey, 'GET', `${PVT}/page-home`)).json().draft).toBeNull();
  });

  it('refuses a key of the wrong form, a body that is not an object, a publish with no draft or in the past', async () => {
    const badKey = await erp(contentKey, 'PUT', `${PVT}/Page%20Home/draft`, {});
    expect(badKey.statusCode).toBe(400);
    const list = await erp(contentKey, 'PUT', `${PVT}/curtain/draft`, [1, 2] as unknown as object);
    expect(list.statusCode).toBe(400);
    const noDraft = await erp(contentKey, 'POST', `${PVT}/menu/publish`, {});
    expect([noDraft.statusCode, failureCodeOf(noDraft.json())]).toEqual([409, 'contentDraftMissing']);
    const past = await erp(contentKey, 'POST', `${PVT}/menu/publish`, {
      publishAt: new Date(TEST_NOW.getTime() - HOUR).toISOString(),
    });
    expect([past.statusCode, failureCodeOf(past.json())]).toEqual([400, 'contentScheduleInPast']);
    const notADate = await erp(contentKey, 'POST', `${PVT}/menu/publish`, { publishAt: 'mañana' });
    expect(notADate.statusCode).toBe(400);
    const noSchedule = await erp(contentKey, 'DELETE', `${PVT}/menu/scheduled`);
    expect([noSchedule.statusCode, failureCodeOf(noSchedule.json())]).toEqual([
      404,
      'contentScheduleNotFound',
    ]);
    const unknown = await erp(contentKey, 'GET', `${PVT}/no-existe`);
    expect([unknown.statusCode, failureCodeOf(unknown.json())]).toEqual([404, 'contentNotFound']);
  });
});

describe('drafts and publishing now', () => {
  it('keeps a draft unseen by shoppers with its html sanitised, then publishes it, audited as the app key', async () => {
    const key = 'legal-seguridad-y-privacidad';
    const before = (await shopperSees(key)) as { title: string; sections: unknown[] };
    const draft = {
      ...before,
      title: 'Seguridad y privacidad (2027)',
      sections: [
        {
          anchor: 'nuevo',
          title: 'Nuevo',
          html: '<p onclick="robar()">Cuidamos tus datos.<script>robar()</script></p><a href="javascript:robar()">aquí</a>',
        },
      ],
    };
    const saved = await erp(contentKey, 'PUT', `${PVT}/${key}/draft`, draft);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().draft.sections[0].html).toBe('<p>Cuidamos tus datos.</p><a>aquí</a>');
    expect(((await shopperSees(key)) as { title: string }).title).toBe(before.title);

    const published = await erp(contentKey, 'POST', `${PVT}/${key}/publish`, {});
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().draft).toBeNull();
    const seen = (await shopperSees(key)) as { title: string; sections: { html: string }[] };
    expect(seen.title).toBe('Seguridad y privacidad (2027)');
    expect(seen.sections[0]!.html).toBe('<p>Cuidamos tus datos.</p><a>aquí</a>');

    const audit = await auditOf(`content:${key}`);
    expect(audit.map((entry) => entry.action)).toEqual(['content.publish', 'content.draft']);
    expect(audit[0]!.actor).toEqual({ kind: 'appKey', id: contentKey.appKey });
    expect((audit[0]!.before as { title: string }).title).toBe(before.title);
    expect((audit[0]!.after as { title: string }).title).toBe('Seguridad y privacidad (2027)');
  });

  it('discards a draft (audited as the merchandiser)', async () => {
    const curtain = await shopperSees('curtain');
    await backOffice(merchandiserToken, 'PUT', `${ADMIN_API}/curtain/draft`, curtain as object);
    const discarded = await backOffice(merchandiserToken, 'DELETE', `${ADMIN_API}/curtain/draft`);
    expect(discarded.statusCode).toBe(204);
    expect((await backOffice(merchandiserToken, 'GET', `${ADMIN_API}/curtain`)).json().draft).toBeNull();
    const [entry] = await auditOf('content:curtain');
    expect(entry!.action).toBe('content.discardDraft');
    expect(entry!.actor.kind).toBe('staff');
  });
});

describe('a banner scheduled by a merchandiser', () => {
  it('is published with its dates, and pages are purged when the clock reaches its start, not before', async () => {
    const home = (await shopperSees('page-home')) as HomePage;
    const start = new Date(TEST_NOW.getTime() + 2 * HOUR);
    const saved = await backOffice(
      merchandiserToken,
      'PUT',
      `${ADMIN_API}/page-home/draft`,
      homeWithBanner(home, 'semana-del-pan', start),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await backOffice(merchandiserToken, 'POST', `${ADMIN_API}/page-home/publish`, {});
    expect(published.statusCode, published.body).toBe(200);
    // Published with its dates: the document carries it, the storefront's rule hides it until its start.
    expect(bannerIds(await shopperSees('page-home'))).toContain('semana-del-pan');
    const content = shop.services.content;
    const purges = content.datedChangesPassed();
    now = new Date(start.getTime() - 1);
    expect(content.datedChangesPassed()).toBe(purges);
    now = start;
    expect(content.datedChangesPassed()).toBe(purges + 1);
    expect(content.datedChangesPassed()).toBe(purges + 1);
    now = TEST_NOW;
  });

  it('a scheduled publish goes live at its time, not before, and is then moved into place', async () => {
    const home = (await shopperSees('page-home')) as HomePage;
    const publishAt = new Date(TEST_NOW.getTime() + 3 * HOUR);
    const version = homeWithBanner(home, 'navidad', TEST_NOW);
    await erp(contentKey, 'PUT', `${PVT}/page-home/draft`, version);
    const scheduled = await erp(contentKey, 'POST', `${PVT}/page-home/publish`, {
      publishAt: publishAt.toISOString(),
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().scheduled.publishAt).toBe(publishAt.toISOString());
    expect(bannerIds(await shopperSees('page-home'))).not.toContain('navidad');
    const listed = (await erp(contentKey, 'GET', PVT)).json().items;
    expect(listed.find((item: { key: string }) => item.key === 'page-home').scheduledAt).toBe(
      publishAt.toISOString(),
    );

    now = new Date(publishAt.getTime() - 1000);
    expect(bannerIds(await shopperSees('page-home'))).not.toContain('navidad');
    now = publishAt;
    shop.services.content.datedChangesPassed();
    expect(bannerIds(await shopperSees('page-home'))).toContain('navidad');
    await eventually(
      async () => (await erp(contentKey, 'GET', `${PVT}/page-home`)).json().scheduled === null,
    );
    const view = (await erp(contentKey, 'GET', `${PVT}/page-home`)).json();
    expect(bannerIds(view.published)).toContain('navidad');
    const [entry] = await auditOf('content:page-home');
    expect(entry!.action).toBe('content.publish');
    expect((entry!.after as { publishAt: string }).publishAt).toBe(publishAt.toISOString());
    now = TEST_NOW;
  });

  it('a scheduled publish can be cancelled before its time', async () => {
    const menu = await shopperSees('menu');
    await erp(contentKey, 'PUT', `${PVT}/menu/draft`, menu as object);
    const publishAt = new Date(now.getTime() + 5 * HOUR).toISOString();
    expect((await erp(contentKey, 'POST', `${PVT}/menu/publish`, { publishAt })).statusCode).toBe(200);
    expect((await erp(contentKey, 'DELETE', `${PVT}/menu/scheduled`)).statusCode).toBe(204);
    expect((await erp(contentKey, 'GET', `${PVT}/menu`)).json().scheduled).toBeNull();
    expect((await auditOf('content:menu'))[0]!.action).toBe('content.cancelSchedule');
  });
});
