import { writtenIn } from '../../lib/format.ts';
import { sendQuery } from '../../lib/stores/chat.ts';

/** Example sentences as chips that send themselves: on an empty chat and on the first day's path. */
export default function ExampleChips({ examples, className }: { examples: string[]; className?: string }) {
  return (
    <ul className={className}>
      {examples.map((example) => (
        <li key={example}>
          <button
            type="button"
            className="chip"
            lang={writtenIn(example)}
            onClick={() => void sendQuery(example)}
          >
            {example}
          </button>
        </li>
      ))}
    </ul>
  );
}
