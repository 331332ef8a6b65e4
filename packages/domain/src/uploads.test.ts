import { describe, expect, it } from 'vitest';
import { ATTACHMENT_ACCEPT, fileExtension, isAcceptedAttachment, isAcceptedAvatar } from './uploads.ts';

describe('fileExtension', () => {
  it('takes the last extension in lower case', () => {
    expect(fileExtension('Bill.PDF')).toBe('pdf');
    expect(fileExtension('a.b.docx')).toBe('docx');
    expect(fileExtension('noext')).toBe('');
    expect(fileExtension('.hidden')).toBe('');
    expect(fileExtension('trailing.')).toBe('');
  });
});

describe('isAcceptedAttachment', () => {
  it('accepts the listed documents', () => {
    for (const name of ['a.pdf', 'a.xls', 'a.xlsx', 'a.doc', 'a.DOCX'])
      expect(isAcceptedAttachment(name)).toBe(true);
  });
  it('accepts images, video and audio by MIME type or extension', () => {
    expect(isAcceptedAttachment('scan', 'image/png')).toBe(true);
    expect(isAcceptedAttachment('clip.bin', 'video/mp4')).toBe(true);
    expect(isAcceptedAttachment('memo', 'audio/mpeg')).toBe(true);
    expect(isAcceptedAttachment('photo.heic')).toBe(true);
    expect(isAcceptedAttachment('voice.m4a')).toBe(true);
  });
  it('rejects the rest', () => {
    expect(isAcceptedAttachment('run.exe')).toBe(false);
    expect(isAcceptedAttachment('data.csv', 'text/csv')).toBe(false);
    expect(isAcceptedAttachment('photo.png', 'application/octet-stream')).toBe(false);
    expect(isAcceptedAttachment('archive.zip')).toBe(false);
  });
  it('builds the input accept attribute', () => {
    expect(ATTACHMENT_ACCEPT).toBe('.pdf,.xls,.xlsx,.doc,.docx,image/*,video/*,audio/*');
  });
});

describe('isAcceptedAvatar', () => {
  it('accepts jpeg, jpg, png and gif only', () => {
    for (const name of ['me.jpeg', 'me.JPG', 'me.png', 'me.gif']) expect(isAcceptedAvatar(name)).toBe(true);
    for (const name of ['me.webp', 'me.svg', 'me.pdf', 'me']) expect(isAcceptedAvatar(name)).toBe(false);
  });
});
