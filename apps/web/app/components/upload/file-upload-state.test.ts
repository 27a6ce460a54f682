import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, formatFileSize } from '@sekolo/shared/schemas/uploads';
import {
  allowedTypes,
  checkFileBeforeUpload,
  describeTypes,
  fileUploadReducer,
  initialFileUploadState,
  type TFileUploadState,
} from './file-upload-state';

const file = { name: 'id.pdf' } as File;

describe('file upload widget states (spec 4 "Upload")', () => {
  it('goes idle -> uploading -> (value set) idle, with progress that only moves forward', () => {
    let state: TFileUploadState = initialFileUploadState;
    state = fileUploadReducer(state, { type: 'started', file });
    expect(state).toEqual({ status: 'uploading', file, progress: 0 });
    state = fileUploadReducer(state, { type: 'progress', progress: 0.4 });
    state = fileUploadReducer(state, { type: 'progress', progress: 0.2 });
    expect(state).toMatchObject({ progress: 0.4 });
    state = fileUploadReducer(state, { type: 'progress', progress: 7 });
    expect(state).toMatchObject({ progress: 1 });
    expect(fileUploadReducer(state, { type: 'succeeded' })).toEqual(initialFileUploadState);
  });

  it('fails into an error that keeps the file for a retry, and a retry starts again from 0', () => {
    let state = fileUploadReducer(initialFileUploadState, { type: 'started', file });
    state = fileUploadReducer(state, { type: 'progress', progress: 0.9 });
    state = fileUploadReducer(state, { type: 'failed', message: UPLOAD_MESSAGES.failed });
    expect(state).toEqual({ status: 'error', file, message: 'Error uploading file. Please try again.' });
    state = fileUploadReducer(state, { type: 'started', file: (state as { file: File }).file });
    expect(state).toEqual({ status: 'uploading', file, progress: 0 });
  });

  it('ignores progress and failures when not uploading (e.g. after cancel), and reset clears everything', () => {
    expect(fileUploadReducer(initialFileUploadState, { type: 'progress', progress: 0.5 })).toBe(initialFileUploadState);
    expect(fileUploadReducer(initialFileUploadState, { type: 'failed', message: 'x' })).toBe(initialFileUploadState);
    const rejected = fileUploadReducer(initialFileUploadState, { type: 'rejected', problem: UPLOAD_MESSAGES.tooLarge });
    expect(rejected).toEqual({ status: 'idle', problem: 'File is too large. Maximum size 10MB.' });
    expect(fileUploadReducer(rejected, { type: 'reset' })).toEqual(initialFileUploadState);
  });
});

describe('the browser check before sending', () => {
  it('accepts PDF, PNG, JPEG and WebP up to 10 MB, by type or (without one) by extension', () => {
    expect(checkFileBeforeUpload({ name: 'a.pdf', type: 'application/pdf', size: 1000 })).toBeNull();
    expect(checkFileBeforeUpload({ name: 'a.png', type: 'image/png', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(checkFileBeforeUpload({ name: 'a.JPG', type: '', size: 10 })).toBeNull();
    expect(checkFileBeforeUpload({ name: 'a.webp', type: 'image/webp', size: 10 })).toBeNull();
  });

  it('refuses other types, empty files and files over 10 MB with the messages the server uses', () => {
    expect(checkFileBeforeUpload({ name: 'setup.exe', type: 'application/x-msdownload', size: 10 })).toBe(
      UPLOAD_MESSAGES.wrongType,
    );
    expect(checkFileBeforeUpload({ name: 'notes.txt', type: '', size: 10 })).toBe(UPLOAD_MESSAGES.wrongType);
    expect(checkFileBeforeUpload({ name: 'a.pdf', type: 'application/pdf', size: 0 })).toBe(UPLOAD_MESSAGES.empty);
    expect(checkFileBeforeUpload({ name: 'a.pdf', type: 'application/pdf', size: MAX_UPLOAD_BYTES + 1 })).toBe(
      'File is too large. Maximum size 10MB.',
    );
  });

  it('narrows to an accept list and names what it accepts', () => {
    expect(allowedTypes('image/*')).toEqual(['image/png', 'image/jpeg', 'image/webp']);
    expect(allowedTypes('.pdf, image/png')).toEqual(['application/pdf', 'image/png']);
    expect(describeTypes(allowedTypes())).toBe('PDF, PNG, JPEG or WebP');
    expect(checkFileBeforeUpload({ name: 'a.pdf', type: 'application/pdf', size: 10 }, 'image/*')).toBe(
      'This file type is not supported. Please upload a PNG, JPEG or WebP file.',
    );
  });

  it('formats sizes for the preview row', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(300 * 1024)).toBe('300 KB');
    expect(formatFileSize(2.5 * 1024 * 1024)).toBe('2.5 MB');
    expect(formatFileSize(MAX_UPLOAD_BYTES)).toBe('10 MB');
  });
});
