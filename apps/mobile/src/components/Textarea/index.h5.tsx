import type { BaseEventOrig, TextareaProps } from '@tarojs/components';
import { useRef, type SyntheticEvent } from 'react';
import './index.scss';

/** Taro's limit when a text box names none; -1 means none at all. */
const DEFAULT_MAXLENGTH = 140;

type H5TextareaProps = Pick<
  TextareaProps,
  'className' | 'value' | 'placeholder' | 'placeholderClass' | 'maxlength' | 'disabled' | 'onInput'
> & {
  'aria-label'?: string;
};

/**
 * H5: a native textarea inside a box holding the class, as Taro's web component drew it, so the
 * same styles apply (`.x textarea`, `.taro-textarea`). It reports input the way Taro's does:
 * `detail.value`, and nothing while an input method is still composing a word. `placeholderClass`
 * styles the mini-programs' placeholder only; H5 draws the browser's, as Taro's did.
 */
export function Textarea({
  className,
  value,
  placeholder,
  maxlength = DEFAULT_MAXLENGTH,
  disabled,
  onInput,
  'aria-label': label,
}: H5TextareaProps) {
  const composing = useRef(false);
  const report = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    const element = event.currentTarget;
    onInput?.({
      type: 'input',
      timeStamp: event.timeStamp,
      target: element,
      currentTarget: element,
      detail: { value: element.value, cursor: element.selectionEnd, keyCode: 0 },
      preventDefault: () => event.preventDefault(),
      stopPropagation: () => event.stopPropagation(),
    } as BaseEventOrig<TextareaProps.onInputEventDetail>);
  };
  return (
    <div className={className}>
      <textarea
        className="taro-textarea"
        // While a word is being composed the box keeps what the input method shows.
        value={composing.current ? undefined : (value ?? '')}
        placeholder={placeholder}
        maxLength={maxlength < 0 ? undefined : maxlength}
        disabled={disabled}
        aria-label={label}
        onInput={(event) => {
          if (!composing.current) report(event);
        }}
        onCompositionStart={() => {
          composing.current = true;
        }}
        onCompositionEnd={(event) => {
          composing.current = false;
          report(event);
        }}
      />
    </div>
  );
}
