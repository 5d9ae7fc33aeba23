"use client";

import { useId } from "react";
import { inputClass } from "./text-field";

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled native select: the platform's own keyboard and screen-reader behaviour. */
export function SelectField({
  label,
  value,
  options,
  onValueChange,
  testId,
}: {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onValueChange: (value: string) => void;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <select
        id={id}
        className={inputClass}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        data-testid={testId}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
