import { billsRoutes } from '@bp/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Text, View } from 'react-native';
import { useApp } from '../app-context.tsx';
import { messageOf } from '../session/session-store.ts';
import { Button, ErrorText, Loading } from '../ui/controls.tsx';
import { detail } from './BillDetailScreen.tsx';

const kb = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The bill's files; tapping one downloads it (with the session's token) and shows it. */
export function Attachments({ clientGuid, billGuid }: { clientGuid: string; billGuid: string }) {
  const { session, services } = useApp();
  const [opening, setOpening] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const files = useQuery({
    queryKey: ['bill', clientGuid, billGuid, 'attachments'],
    queryFn: () =>
      session.api.call(billsRoutes.getBillingClientBillAttachments, { params: { clientGuid, billGuid } }),
  });
  if (files.isPending) return <Loading label="Loading attachments" />;
  if (files.isError) return <ErrorText>{messageOf(files.error)}</ErrorText>;
  if (files.data.length === 0) return <Text style={detail.muted}>No attachments.</Text>;

  const open = async (attachmentGuid: string, name: string, mimeType: string) => {
    setOpening(attachmentGuid);
    setError(null);
    try {
      const file = await session.api.call(billsRoutes.getBillingClientBillAttachmentDownload, {
        params: { clientGuid, billGuid, attachmentGuid },
      });
      await services.files.open({ blob: file.blob, name, mimeType });
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setOpening(null);
    }
  };

  return (
    <View>
      {files.data.map((file) => (
        <Button
          key={file.guid}
          label={`${file.original_name} (${kb(file.size_bytes)})`}
          variant="link"
          busy={opening === file.guid}
          hint="Opens the file"
          onPress={() => void open(file.guid, file.original_name, file.mime_type)}
        />
      ))}
      <ErrorText>{error}</ErrorText>
    </View>
  );
}
