import { startTestSandbox, type TestSandbox } from '@tests/server-harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Channel, SessionType } from '../contract.ts';
import { isValidCpf } from '../rules/br-documents.ts';
import { expectData, expectRefusal } from '../testing/answers.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

describe('GET /api/session/:code', () => {
  it('loads demo-shopper as an identified WhatsApp contact with a valid CPF and two addresses', async () => {
    const data = expectData('getSession', await sandbox.get('/api/session/demo-shopper'));
    expect(data.sessionType).toBe(SessionType.Contact);
    expect(data.channelType).toBe(Channel.WhatsApp);
    expect(data.channelId).toBeTruthy();
    const userShop = data.userShop;
    expect(userShop?.id).toBeTruthy();
    expect(userShop?.id).not.toContain('anonymous');
    expect(userShop?.customer?.name).toBeTruthy();
    expect(userShop?.customer?.email).toMatch(/^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i);
    expect(isValidCpf(userShop?.customer?.document ?? '')).toBe(true);
    expect(userShop?.addresses).toHaveLength(2);
    for (const address of userShop?.addresses ?? []) {
      expect(address.zipCode).toMatch(/^\d{5}-\d{3}$/);
      expect(address).toMatchObject({
        street: expect.any(String),
        number: expect.any(String),
        neighborhood: expect.any(String),
        city: expect.stringMatching(/^(São Paulo|Rio de Janeiro)$/),
        state: expect.stringMatching(/^(SP|RJ)$/),
      });
      expect(address.fullAddress).toContain(address.zipCode);
    }
    expect(userShop?.addresses?.filter((a) => a.isDefault)).toHaveLength(1);
  });

  it('loads demo-operator as a platform user selling for a WhatsApp contact', async () => {
    const data = expectData('getSession', await sandbox.get('/api/session/demo-operator'));
    expect(data.sessionType).toBe(SessionType.PlatformUser);
    expect(data.channelType).toBe(Channel.WhatsApp);
    expect(data.userShop?.customer?.name).toBeTruthy();
  });

  it('loads anonymous-session as a WebChat contact whose user is anonymous', async () => {
    const data = expectData('getSession', await sandbox.get('/api/session/anonymous-session'));
    expect(data.sessionType).toBe(SessionType.Contact);
    expect(data.channelType).toBe(Channel.WebChat);
    expect(data.userShop?.id).toContain('anonymous');
    expect(data.userShop?.addresses).toEqual([]);
  });

  it('answers no-shop-session successfully but without userShop', async () => {
    const answer = await sandbox.get('/api/session/no-shop-session');
    const data = expectData('getSession', answer);
    expect(data.sessionType).toBe(SessionType.Contact);
    expect(data).not.toHaveProperty('userShop');
  });

  it('answers an unknown code with success false, 404 and a Portuguese message', async () => {
    const error = expectRefusal(await sandbox.get('/api/session/codigo-que-nao-existe'), 404);
    expect(error.message).toMatch(/Sessão/);
  });

  it('refuses a malformed code with 400 before looking it up', async () => {
    expectRefusal(await sandbox.get(`/api/session/${'a'.repeat(5000)}`), 400);
    expectRefusal(await sandbox.get('/api/session/%3Cscript%3E'), 400);
    expectRefusal(await sandbox.get('/api/session/%E0%A4%A'), 400);
  });

  it('needs no bearer and ignores one that belongs to another session', async () => {
    const data = expectData(
      'getSession',
      await sandbox.get('/api/session/demo-operator', { session: 'demo-shopper' }),
    );
    expect(data.sessionType).toBe(SessionType.PlatformUser);
  });
});
