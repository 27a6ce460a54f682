import { describe, expect, it } from 'vitest';
import { fileDescription, formatValue, humanizeKey, isFileValue } from './format-field';

describe('how the console shows stored application fields', () => {
  it('turns field names into labels', () => {
    expect(humanizeKey('registrationNumber')).toBe('Registration number');
    expect(humanizeKey('id_document')).toBe('Id document');
    expect(humanizeKey('googleMapsLink')).toBe('Google maps link');
  });

  it('shows option labels, provinces of the chosen country, grades and Yes/No', () => {
    expect(formatValue('schoolType', 'primary')).toBe('Primary School');
    expect(formatValue('province', 'gauteng', { country: 'south_africa' })).toBe('Gauteng');
    expect(formatValue('relation', 'guardian')).toBe('Legal Guardian');
    expect(formatValue('grade', '10')).toBe('Grade 10');
    expect(formatValue('termsAccepted', true)).toBe('Yes');
    expect(formatValue('tagLine', '')).toBe('Not given');
    expect(formatValue('subjects', ['Mathematics', 'English'])).toBe('Mathematics, English');
    expect(formatValue('schoolType', 'unknown-type')).toBe('unknown-type');
  });

  it('recognises uploaded files', () => {
    const file = { id: 'b1c2', name: 'logo.png', size: 2048, mimeType: 'image/png' };
    expect(isFileValue(file)).toBe(true);
    expect(isFileValue({ name: 'x' })).toBe(false);
    expect(fileDescription(file)).toBe('logo.png (2 KB)');
  });
});
