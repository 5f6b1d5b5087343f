import { describe, expect, it } from 'vitest';
import {
  mayChangeRoleOrStatus,
  mayRemove,
  roleChangeBodySchema,
  sendEmailBodySchema,
  staffCreateBodySchema,
  staffPinBodySchema,
  staffUpdateBodySchema,
  USER_MESSAGES,
} from './users';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('people rules shared by the screens and the server', () => {
  it('nobody changes their own role or status, or that of someone above them', () => {
    const manager = { id: 'm', role: 'manager' as const };
    expect(mayChangeRoleOrStatus(manager, { id: 'm', role: 'manager' })).toBe(false);
    expect(mayChangeRoleOrStatus(manager, { id: 'x', role: 'manager' })).toBe(true);
    expect(mayChangeRoleOrStatus(manager, { id: 'c', role: 'cashier' })).toBe(true);
    expect(mayChangeRoleOrStatus(manager, { id: 'd', role: 'department_manager' })).toBe(false);
  });

  it("spec §6: 'Remove User' only for cashiers other than oneself", () => {
    expect(mayRemove({ id: 'a' }, { id: 'c', role: 'cashier' })).toBe(true);
    expect(mayRemove({ id: 'c' }, { id: 'c', role: 'cashier' })).toBe(false);
    expect(mayRemove({ id: 'a' }, { id: 'm', role: 'manager' })).toBe(false);
  });

  it('staff creation speaks the spec §5 messages and normalises optional fields', () => {
    expect(firstMessage(staffCreateBodySchema.safeParse({ role: 'cashier' }))).toBe(USER_MESSAGES.firstNameRequired);
    expect(firstMessage(staffCreateBodySchema.safeParse({ firstName: 'A', role: 'x' }))).toBe(
      USER_MESSAGES.roleInvalid,
    );
    expect(firstMessage(staffCreateBodySchema.safeParse({ firstName: 'A', role: 'cashier', pin: '12' }))).toBe(
      USER_MESSAGES.pinExactly,
    );
    expect(firstMessage(staffCreateBodySchema.safeParse({ firstName: 'A', role: 'cashier', email: 'a@' }))).toBe(
      USER_MESSAGES.emailInvalid,
    );
    expect(
      staffCreateBodySchema.parse({ firstName: ' Ann ', role: 'cashier', email: ' Ann@X.io ', lastName: '', pin: '' }),
    ).toEqual({ firstName: 'Ann', lastName: null, email: 'ann@x.io', role: 'cashier', pin: null });
  });

  it('bodies are strict: a field a body should not carry is refused, naming it', () => {
    expect(firstMessage(roleChangeBodySchema.safeParse({ role: 'manager', isActive: false }))).toBe(
      'Field not allowed here: isActive.',
    );
    expect(firstMessage(staffUpdateBodySchema.safeParse({ firstName: 'A', pinHash: 'x' }))).toBe(
      'Field not allowed here: pinHash.',
    );
    expect(firstMessage(staffUpdateBodySchema.safeParse({ firstName: 'A', isActive: true }))).toBe(
      USER_MESSAGES.statusAlone,
    );
    expect(staffUpdateBodySchema.parse({ isActive: false })).toEqual({ isActive: false });
  });

  it('a PIN body is a 4-digit pin or generate: true', () => {
    expect(staffPinBodySchema.safeParse({ pin: '5830' }).success).toBe(true);
    expect(staffPinBodySchema.safeParse({ generate: true }).success).toBe(true);
    for (const body of [{}, { pin: '583' }, { pin: 5830 }, { generate: false }]) {
      expect(staffPinBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });

  it('an e-mail subject is one line, and the spec §5 messages come first', () => {
    expect(sendEmailBodySchema.parse({ recipients: ['A@B.io'], subject: 'Hi\r\nBcc: x', message: 'M' })).toEqual({
      recipients: ['a@b.io'],
      subject: 'Hi Bcc: x',
      message: 'M',
    });
    const empty = sendEmailBodySchema.safeParse({ recipients: [], subject: '', message: '' });
    expect(empty.success ? [] : empty.error.issues.map((issue) => issue.message)).toEqual([
      USER_MESSAGES.recipientsRequired,
      USER_MESSAGES.subjectRequired,
      USER_MESSAGES.messageRequired,
    ]);
  });
});
