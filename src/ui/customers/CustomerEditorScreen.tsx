import { useLocation } from 'wouter';
import type { CustomerForm } from '../../domain/customers/form.ts';
import { CUSTOMER_LIMITS } from '../../domain/customers/validation.ts';
import type { CustomerChoices } from '../../machines/customer-editor.ts';
import { customerEditorFlow } from '../../wiring/customer-editor.ts';
import { NotFound } from '../kit/NotFound.tsx';
import { InputField, TextAreaField } from '../kit/form/fields.tsx';
import { RecordEditorFrame } from '../kit/record-editor/RecordEditorFrame.tsx';
import { editedRecordOf } from '../kit/record-editor/route.ts';
import { useFormField, useRecordEditor, type RecordEditorActor } from '../kit/record-editor/use-record-editor.ts';

const ADD_ROUTE = '/add-Customer';

/** /add-Customer and /edit-Customer/:id: a customer's name, company, e-mail, phone and notes. */
export default function CustomerEditorScreen() {
  const [path] = useLocation();
  const recordId = editedRecordOf(path, ADD_ROUTE);
  if (recordId === undefined) return <NotFound />;
  // A key per record: another customer's address is another editor.
  return <CustomerEditor key={recordId ?? 'new'} recordId={recordId} />;
}

type CustomerEditorActor = RecordEditorActor<CustomerForm, CustomerChoices>;

function CustomerEditor({ recordId }: { recordId: number | null }) {
  const editor = useRecordEditor(customerEditorFlow, recordId);
  return (
    <RecordEditorFrame editor={editor} title={recordId === null ? 'Add Customer' : 'Edit Customer'} subject="the customer">
      <CustomerFields editor={editor} renaming={recordId !== null} />
    </RecordEditorFrame>
  );
}

function CustomerFields({ editor, renaming }: { editor: CustomerEditorActor; renaming: boolean }) {
  const [name, setName, nameProblem] = useFormField(editor, 'name');
  const [company, setCompany, companyProblem] = useFormField(editor, 'company');
  const [email, setEmail, emailProblem] = useFormField(editor, 'email');
  const [phone, setPhone, phoneProblem] = useFormField(editor, 'phone');
  const [notes, setNotes, notesProblem] = useFormField(editor, 'notes');
  return (
    <>
      <InputField
        label="Name"
        value={name}
        problem={nameProblem}
        onChange={setName}
        required
        maxLength={CUSTOMER_LIMITS.name}
        hint={renaming ? 'A new name is also given to this customer\u2019s opportunities.' : 'How opportunities name this customer.'}
      />
      <InputField label="Company" value={company} problem={companyProblem} onChange={setCompany} maxLength={CUSTOMER_LIMITS.company} />
      <InputField label="Email" type="email" inputMode="email" value={email} problem={emailProblem} onChange={setEmail} maxLength={CUSTOMER_LIMITS.email} />
      <InputField
        label="Phone"
        type="tel"
        inputMode="tel"
        value={phone}
        problem={phoneProblem}
        onChange={setPhone}
        maxLength={CUSTOMER_LIMITS.phone}
        hint="For example +49 30 1234567 or 030 1234567."
      />
      <TextAreaField label="Notes" value={notes} problem={notesProblem} onChange={setNotes} maxLength={CUSTOMER_LIMITS.notes} />
    </>
  );
}
