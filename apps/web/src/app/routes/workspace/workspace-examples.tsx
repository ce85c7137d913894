import { Plus } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

interface Example {
  title: string;
  description: string;
}

const PROMPTS: Example[] = [
  {
    title: 'Contract Analysis',
    description: 'Review a contract: parties, obligations, dates, risks and unusual clauses.',
  },
  { title: 'Document Research', description: 'Answer a question from your documents and cite the passages used.' },
];

const TOOLS: Example[] = [
  { title: 'Document Parser', description: 'Turns PDF, Word and text files into searchable text.' },
  { title: 'Document Database', description: 'Stores documents in knowledge collections for retrieval.' },
];

/** The spec's static samples, labelled as examples: custom prompts and tools are not built yet. */
function Examples({ kind, items, addLabel }: { kind: string; items: Example[]; addLabel: string }) {
  return (
    <section className="grid gap-4" aria-label={kind}>
      <div className="flex items-center gap-2">
        <p className="flex-1 text-sm text-muted-foreground">
          These are examples. Saving your own {kind.toLowerCase()} is not available yet.
        </p>
        <Button disabled title="Not available yet">
          <Plus aria-hidden />
          {addLabel}
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {items.map((item) => (
          <Card key={item.title}>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-base">
                {item.title}
                <Badge variant="outline">Example</Badge>
              </CardTitle>
              <CardDescription>{item.description}</CardDescription>
            </CardHeader>
          </Card>
        ))}
      </div>
    </section>
  );
}

export const PromptExamples = () => <Examples kind="Prompts" items={PROMPTS} addLabel="Add Prompt" />;
export const ToolExamples = () => <Examples kind="Tools" items={TOOLS} addLabel="Add Tool" />;
