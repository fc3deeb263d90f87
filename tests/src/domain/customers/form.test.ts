import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { Customer } from '../../../../src/api/client.ts';
import { BLANK_CUSTOMER_FORM, customerForm, customerWrite } from '../../../../src/domain/customers/form.ts';
import { customerProblems } from '../../../../src/domain/customers/validation.ts';

const stored: Customer = {
  id: 7,
  name: 'Acme Corp',
  company: 'Acme Corp Inc.',
  email: 'purchasing@acme-corp.example',
  phone: '+4940 1234567',
  notes: 'Prefers e-mail.\nCall after 10.',
  created_at: '2026-01-02T03:04:05.000Z',
};

describe('form ⇄ API', () => {
  test('adding starts from an empty form', () => {
    expect(BLANK_CUSTOMER_FORM).toEqual({ name: '', company: '', email: '', phone: '', notes: '' });
  });

  test('editing starts from the stored fields, without id or creation time', () => {
    expect(customerForm(stored)).toEqual({
      name: 'Acme Corp',
      company: 'Acme Corp Inc.',
      email: 'purchasing@acme-corp.example',
      phone: '+4940 1234567',
      notes: 'Prefers e-mail.\nCall after 10.',
    });
  });

  test('saving trims the one-line fields, lowercases the e-mail, and keeps the notes as typed', () => {
    expect(customerWrite({ name: ' Acme ', company: ' Acme Inc. ', email: ' Buyer@ACME.example ', phone: ' 030 123 ', notes: '  indented\n' })).toEqual({
      name: 'Acme',
      company: 'Acme Inc.',
      email: 'buyer@acme.example',
      phone: '030 123',
      notes: '  indented\n',
    });
  });

  const text = fc.string({ maxLength: 30 }).map((value) => value.trim());
  test.prop([text, text, text.map((value) => value.toLowerCase()), text, fc.string({ maxLength: 60 })])(
    'a stored customer saved unchanged sends back exactly what is stored',
    (name, company, email, phone, notes) => {
      const customer = { ...stored, name, company, email, phone, notes };
      const { id: _id, created_at: _created, ...fields } = customer;
      expect(customerWrite(customerForm(customer))).toEqual(fields);
    },
  );

  const padding = fc.constantFrom('', ' ', '  ', '\t');
  test.prop([padding, fc.string({ minLength: 1, maxLength: 50 }).filter((core) => core.trim() === core && core !== ''), padding])(
    'a name that passes the check reaches the API without its surrounding spaces, and still passes',
    (before, core, after) => {
      const form = { ...BLANK_CUSTOMER_FORM, name: before + core + after };
      expect(customerProblems(form)).toEqual([]);
      const body = customerWrite(form);
      expect(body.name).toBe(core);
      expect(customerProblems({ ...BLANK_CUSTOMER_FORM, ...body })).toEqual([]);
    },
  );
});
