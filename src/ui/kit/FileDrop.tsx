import { useId, useState, type DragEvent, type ReactNode } from 'react';
import './styles.ts';

/**
 * Choosing a file by its button or by dropping it on the area: the file input is
 * hidden and its label is the button. Choosing the same file again (after a refusal)
 * is still noticed.
 */
export function FileDrop({
  hint,
  buttonLabel = 'Choose a file',
  accept,
  disabled = false,
  onChoose,
  children,
}: {
  /** What to drop, shown in the area and read with the button. */
  hint: string;
  buttonLabel?: string;
  accept?: string;
  disabled?: boolean;
  onChoose: (file: File) => void;
  /** What follows in the area: the chosen file, its size and 'Remove'. */
  children?: ReactNode;
}) {
  const ids = { file: useId(), hint: useId() };
  // Only how the area looks while something is dragged over it.
  const [dragging, setDragging] = useState(false);

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onChoose(file);
  }

  return (
    <div
      className={`file-drop${dragging ? ' file-drop--over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <p className="file-drop__hint" id={ids.hint}>
        {hint}
      </p>
      <input
        id={ids.file}
        type="file"
        className="visually-hidden file-drop__input"
        accept={accept}
        aria-describedby={ids.hint}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onChoose(file);
          event.target.value = '';
        }}
      />
      <label htmlFor={ids.file} className="button button--secondary file-drop__choose">
        {buttonLabel}
      </label>
      {children}
    </div>
  );
}
