import { Anchor, Button, FileButton, Group, Table, Text } from '@mantine/core';
import {
  JOB_ATTACHMENT_MAX_BYTES,
  JOB_ATTACHMENT_MESSAGES,
  JOB_ATTACHMENT_TYPES,
  type JobAttachment,
  type JobDetail,
} from '@retail-hub/shared';
import { IconPaperclip } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { notifyError } from '@/lib/notify';
import { JOBS } from '../api';
import { type Action, isClosed, Section, when } from './job-parts';

type Props = { job: JobDetail; action: Action };

const TYPE_LABELS: Record<JobAttachment['contentType'], string> = {
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
  'application/pdf': 'PDF',
};

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The file's bytes as base64 (FileReader works off the main thread). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Drawings, photos and PDFs (ADR 0020): at most 5 MB each; the server decides the type from the file. */
export function JobAttachments({ job, action }: Props) {
  const closed = isClosed(job);
  return (
    <Section title="Attachments" testId="job-attachments">
      {job.attachments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No drawings, photos or PDFs attached yet.
        </Text>
      ) : (
        <AttachmentsTable job={job} action={action} closed={closed} />
      )}
      {closed ? null : <AttachFile job={job} action={action} />}
    </Section>
  );
}

function AttachmentsTable({ job, action, closed }: Props & { closed: boolean }) {
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th ta="right">Size</Table.Th>
            <Table.Th>Added by</Table.Th>
            <Table.Th>When</Table.Th>
            {closed ? null : <Table.Th>Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {job.attachments.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>
                <Anchor href={`${JOBS}/${job.id}/attachments/${a.id}`} download={a.fileName}>
                  {a.fileName}
                </Anchor>
              </Table.Td>
              <Table.Td>{TYPE_LABELS[a.contentType]}</Table.Td>
              <Table.Td ta="right">{sizeText(a.sizeBytes)}</Table.Td>
              <Table.Td>{a.uploadedByName ?? '—'}</Table.Td>
              <Table.Td>{when(a.uploadedAt)}</Table.Td>
              {closed ? null : (
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${a.fileName}`}
                    onClick={() =>
                      action.mutate({
                        method: 'DELETE',
                        url: `${JOBS}/${job.id}/attachments/${a.id}`,
                        done: `${a.fileName} removed`,
                      })
                    }
                  >
                    Remove
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AttachFile({ job, action }: Props) {
  const resetFile = useRef<() => void>(null);
  const [reading, setReading] = useState(false);
  const attach = async (file: File | null) => {
    if (!file) return;
    resetFile.current?.();
    if (file.size > JOB_ATTACHMENT_MAX_BYTES) {
      notifyError({ title: 'Not attached', message: JOB_ATTACHMENT_MESSAGES.tooLarge });
      return;
    }
    setReading(true);
    let data: string;
    try {
      data = await readBase64(file);
    } catch {
      notifyError({ title: 'Not attached', message: JOB_ATTACHMENT_MESSAGES.invalid });
      return;
    } finally {
      setReading(false);
    }
    action.mutate({
      url: `${JOBS}/${job.id}/attachments`,
      body: { fileName: file.name, data },
      done: `${file.name} attached`,
    });
  };
  return (
    <Group mt="sm" gap="sm">
      <FileButton
        onChange={(file) => void attach(file)}
        accept={JOB_ATTACHMENT_TYPES.join(',')}
        resetRef={resetFile}
        inputProps={{ 'aria-label': 'File to attach', 'data-testid': 'attachment-input' } as object}
      >
        {(props) => (
          <Button
            {...props}
            variant="light"
            leftSection={<IconPaperclip size={18} aria-hidden />}
            loading={reading || action.isPending}
          >
            Attach a file
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        Drawings, photos or PDFs (PNG, JPEG, GIF, WebP, PDF), at most 5 MB each.
      </Text>
    </Group>
  );
}
