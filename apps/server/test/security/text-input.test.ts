import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActivity } from '../../src/db/schema/index';
import { buildStore, call, type Store, signInAs } from '../../src/modules/users/users.test-support';
import { inject } from '../build-test-app';

/**
 * Issue #13 item 11: NUL bytes gave 500 in about 30 text fields and in `?search=%00`, a lone
 * surrogate in the e-mail subject gave 500 after writing the outbox, and invalid UTF-8 or a body
 * in another charset was stored as U+FFFD. Each is now refused, naming the field, and changes nothing.
 */

let store: Store;
let manager: string;
let admin: string;
let categoryId: string;

beforeAll(async () => {
  store = await buildStore();
  manager = await signInAs(store, 'manager');
  admin = await signInAs(store, 'admin');
  const category = await call(store, manager, 'POST', '/api/categories', { name: 'Bakery' });
  categoryId = category.json().id;
});
afterAll(async () => {
  await store.t.close();
});

const productCount = async () =>
  Number(
    (
      (await store.t.db.db.execute(sql`select count(*)::int as n from products`)) as unknown as {
        rows: [{ n: number }];
      }
    ).rows[0].n,
  );

/** A raw JSON request: bytes and Content-Type exactly as given. */
function rawPost(url: string, body: Buffer | string, contentType: string) {
  return inject(store.t, {
    method: 'POST',
    url,
    cookie: manager,
    remoteAddress: '10.200.0.1',
    headers: { 'content-type': contentType },
    payload: body,
  });
}

describe('text the database cannot store', () => {
  it('refuses ?search=%00 with 400 naming the search field', async () => {
    const response = await call(store, manager, 'GET', '/api/products?search=%00');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Search contains a character that is not allowed (NUL or a broken character).',
      code: 'validation',
      errors: { search: 'Search contains a character that is not allowed (NUL or a broken character).' },
    });
  });

  it('refuses a NUL or a lone surrogate in a body field with 400 and the field, and saves nothing', async () => {
    const before = await productCount();
    for (const name of ['Muffin\u0000', 'Muffin \uD800', '\uDC00']) {
      const response = await call(store, manager, 'POST', '/api/products', {
        name,
        price: '4.50',
        sku: 'MUF1',
        categoryId,
      });
      expect(response.statusCode, name).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation',
        errors: { name: 'Name contains a character that is not allowed (NUL or a broken character).' },
      });
    }
    // Nested fields are named by their path; the label is the field's own name.
    const sale = await call(store, manager, 'POST', '/api/products', {
      name: 'Muffin',
      price: '4.50',
      sku: 'MUF1',
      categoryId,
      description: 'Fresh\u0000',
    });
    expect(sale.json().errors).toEqual({
      description: 'Description contains a character that is not allowed (NUL or a broken character).',
    });
    expect(await productCount()).toBe(before);
  });

  it('refuses a NUL in a path parameter', async () => {
    const response = await call(store, manager, 'GET', '/api/products/%00');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation');
  });

  it('refuses a body that is not valid UTF-8 instead of storing U+FFFD', async () => {
    const before = await productCount();
    const json = `{"name":"Caf\u00e9","price":"4.50","sku":"CAFE1","categoryId":"${categoryId}"}`;
    // "Café" in Latin-1: the é is the single byte 0xE9, which is not UTF-8.
    const latin1 = Buffer.from(json, 'latin1');
    const response = await rawPost('/api/products', latin1, 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The request body is not valid UTF-8 text.',
      code: 'validation',
      errors: { body: 'The request body is not valid UTF-8 text.' },
    });
    // Declared in another charset: 415, whatever the bytes.
    const declared = await rawPost('/api/products', latin1, 'application/json; charset=latin1');
    expect(declared.statusCode).toBe(415);
    expect(declared.json().message).toBe('Send JSON in UTF-8 (Content-Type: application/json; charset=utf-8).');
    expect(await productCount()).toBe(before);
    // The same product in UTF-8 (charset named or not) is stored as typed.
    const utf8 = await rawPost('/api/products', Buffer.from(json, 'utf8'), 'application/json; charset=UTF-8');
    expect(utf8.statusCode, utf8.body).toBe(201);
    expect(utf8.json().name).toBe('Café');
  });
});

describe('POST /admin/send-email with a lone surrogate', () => {
  it('is refused with 400 naming the subject, before anything is written; a valid message is written once with its activity row', async () => {
    const activityRows = async () =>
      (
        await store.t.db.db
          .select()
          .from(userActivity)
          .where(and(eq(userActivity.userId, store.ids.manager), sql`${userActivity.activityType} like 'email%'`))
      ).length;
    const outbox = async () => (await call(store, admin, 'GET', '/api/super-admin/outbox')).json().messages.length;
    const refused = await call(store, manager, 'POST', '/admin/send-email', {
      recipients: ['casey@store.test'],
      subject: 'Closing \uD83D early',
      message: 'We close at 3 pm today.',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      subject: 'Subject contains a character that is not allowed (NUL or a broken character).',
    });
    expect(await outbox()).toBe(0);
    expect(await activityRows()).toBe(0);

    const sent = await call(store, manager, 'POST', '/admin/send-email', {
      recipients: ['casey@store.test'],
      subject: 'Closing early 🌙',
      message: 'We close at 3 pm today.',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await outbox()).toBe(1);
    expect(await activityRows()).toBe(1);
  });
});
