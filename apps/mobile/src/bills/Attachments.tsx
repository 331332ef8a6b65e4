import { billsRoutes } from '@bp/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Image, Modal, StyleSheet, Text, View } from 'react-native';
import { useApp } from '../app-context.tsx';
import { messageOf } from '../session/session-store.ts';
import { Button, ErrorText, Loading } from '../ui/controls.tsx';
import { detail } from './BillDetailScreen.tsx';

const kb = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A downloaded image as a data URL, which an <Image> shows on every platform. */
function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(new Error('The file could not be read.'));
    reader.onload = () => resolve(String(reader.result));
    reader.readAsDataURL(blob);
  });
}

/**
 * The bill's files; tapping one downloads it (with the session's token) and shows it: an image in the
 * app, a PDF (or anything else) in the phone's viewer.
 */
export function Attachments({ clientGuid, billGuid }: { clientGuid: string; billGuid: string }) {
  const { session, services } = useApp();
  const [opening, setOpening] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [image, setImage] = useState<{ uri: string; name: string } | null>(null);
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
      if (mimeType.startsWith('image/')) setImage({ uri: await dataUrlOf(file.blob), name });
      else await services.files.open({ blob: file.blob, name, mimeType });
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
      <Modal visible={image !== null} animationType="slide" onRequestClose={() => setImage(null)}>
        {image ? (
          <View style={viewer.fill}>
            <Image
              source={{ uri: image.uri }}
              style={viewer.image}
              resizeMode="contain"
              accessibilityLabel={image.name}
            />
            <Button label="Close" onPress={() => setImage(null)} />
          </View>
        ) : null}
      </Modal>
    </View>
  );
}

const viewer = StyleSheet.create({
  fill: { flex: 1, padding: 16, gap: 12, backgroundColor: '#000' },
  image: { flex: 1, width: '100%' },
});
