import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { OTP_LENGTH } from '@sukoon/shared';
import { useT } from '../../i18n/i18n';
import { FIELD_FOCUS } from '../../components/ui/field-class';

interface OtpInputProps {
  value: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
}

/** Six single-digit boxes: typing moves on, Backspace moves back, pasting fills them all. */
export function OtpInput({ value, onChange, disabled }: OtpInputProps) {
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const t = useT();
  const focus = (index: number) =>
    boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))]?.focus();

  const setDigit = (index: number, raw: string) => {
    const digit = raw.replace(/\D/g, '').slice(-1);
    const next = [...value];
    next[index] = digit;
    onChange(next);
    if (digit) focus(index + 1);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !value[index]) focus(index - 1);
    if (event.key === 'ArrowLeft') focus(index - 1);
    if (event.key === 'ArrowRight') focus(index + 1);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const digits = event.clipboardData.getData('text').replace(/\D/g, '').slice(0, OTP_LENGTH);
    if (!digits) return;
    event.preventDefault();
    const next = Array.from({ length: OTP_LENGTH }, (_, i) => digits[i] ?? '');
    onChange(next);
    focus(digits.length);
  };

  return (
    <div className="flex justify-between gap-2" role="group" aria-label={t('otp.group')}>
      {Array.from({ length: OTP_LENGTH }, (_, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          value={value[index] ?? ''}
          onChange={(event) => setDigit(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={onPaste}
          onFocus={(event) => event.target.select()}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={1}
          disabled={disabled}
          aria-label={t('otp.digit', { position: index + 1, length: OTP_LENGTH })}
          className={`h-12 w-full max-w-12 min-w-0 flex-1 rounded-lg border border-slate-300 text-center text-xl font-semibold text-slate-900 disabled:bg-slate-100 ${FIELD_FOCUS}`}
        />
      ))}
    </div>
  );
}
