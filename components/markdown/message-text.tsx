import { parseInline, parseMessageText, type TextBlock } from "./parse-message-text";

// Everything below renders strings as React text nodes: model output is never turned into
// HTML, so a reply cannot inject markup or script into the page.

function Inline({ text }: { text: string }) {
  return (
    <>
      {parseInline(text).map((span, index) =>
        span.type === "code" ? (
          <code key={index} className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.85em] text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">
            {span.text}
          </code>
        ) : span.type === "bold" ? (
          <strong key={index} className="font-semibold">
            {span.text}
          </strong>
        ) : (
          <span key={index}>{span.text}</span>
        ),
      )}
    </>
  );
}

const headingClass = ["", "text-lg font-semibold", "text-base font-semibold", "text-[0.95rem] font-semibold"];

function Block({ block }: { block: TextBlock }) {
  switch (block.type) {
    case "code":
      return (
        <pre className="overflow-x-auto rounded-xl border border-zinc-200 bg-zinc-50 p-3 font-mono text-[0.8rem] leading-relaxed text-zinc-800 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-200">
          <code data-language={block.language || undefined}>{block.code}</code>
        </pre>
      );
    case "heading":
      return (
        <p role="heading" aria-level={Math.min(block.level + 2, 6)} className={`${headingClass[Math.min(block.level, 3)]} text-zinc-900 dark:text-zinc-50`}>
          <Inline text={block.text} />
        </p>
      );
    case "list": {
      const List = block.ordered ? "ol" : "ul";
      return (
        <List className={`space-y-0.5 pl-5 ${block.ordered ? "list-decimal" : "list-disc"} marker:text-zinc-400`}>
          {block.items.map((item, index) => (
            <li key={index}>
              <Inline text={item} />
            </li>
          ))}
        </List>
      );
    }
    case "paragraph":
      return (
        <p className="whitespace-pre-wrap">
          <Inline text={block.text} />
        </p>
      );
  }
}

/** An assistant's text part, markdown-ish and safe. */
export function MessageText({ text }: { text: string }) {
  return (
    <div className="space-y-3 break-words text-[0.95rem] leading-7 text-zinc-800 dark:text-zinc-200">
      {parseMessageText(text).map((block, index) => (
        <Block key={index} block={block} />
      ))}
    </div>
  );
}
