import type { FinancialAccount } from '@bp/contracts';
import { calendarDateOf, parseDollarsToCents, toIsoDate } from '@bp/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useToast } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { FormTextField } from '../shared/FormTextField.tsx';
import { MoneyField } from '../shared/form/MoneyField.tsx';
import { useRecordBalance } from './useFinancialAccounts.ts';

const schema = z.object({
  balance: z
    .string()
    .trim()
    .min(1, 'Enter the balance.')
    .refine(
      (text) => parseDollarsToCents(text) !== null,
      'Enter an amount in dollars, e.g. 1,234.56 or -50.00.',
    ),
  as_of: z.iso.date('Enter the date as of which the balance holds.'),
});
type Values = z.infer<typeof schema>;

const today = () => toIsoDate(calendarDateOf(new Date()));

/** Staff record an account's balance as of a date, typed in dollars and sent in cents. */
export function RecordBalanceDialog({
  clientGuid,
  account,
  onClose,
}: {
  clientGuid: string;
  account: FinancialAccount | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const record = useRecordBalance(clientGuid);
  const toast = useToast();
  const { control, handleSubmit, reset } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { balance: '', as_of: today() },
  });
  useEffect(() => {
    if (account) {
      reset({ balance: '', as_of: today() });
      record.reset();
    }
  }, [account, reset, record.reset]);
  const submit = handleSubmit(async (values) => {
    if (!account) return;
    await record.mutateAsync({
      institutionGuid: account.guid,
      body: { balance: parseDollarsToCents(values.balance) ?? 0, as_of: values.as_of },
    });
    toast.success('Balance recorded.');
    onClose();
  });
  return (
    <FormDialog
      open={account !== null}
      pending={record.isPending}
      problem={record.isError ? apiErrorMessage(record.error) : null}
      onClose={onClose}
      onSubmit={(event) => void submit(event).catch(() => undefined)}
      titleId={titleId}
      title="Record balance"
      description={`${account?.name ?? ''}: the balance as your statement or the bank shows it, entered by hand.`}
      confirmLabel="Record balance"
    >
      <Stack spacing={2} sx={{ mt: 2 }}>
        <MoneyField control={control} name="balance" id="record-balance-amount" label="Balance" required />
        <FormTextField
          control={control}
          name="as_of"
          id="record-balance-as-of"
          label="As of"
          type="date"
          required
        />
      </Stack>
    </FormDialog>
  );
}
