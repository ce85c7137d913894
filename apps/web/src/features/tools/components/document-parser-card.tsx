import { DOCUMENT_FORMATS } from '@hearth/contract';
import { FileText } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

/** The extractors knowledge uploads go through (the list is shared with, and tested against, the server). */
export function DocumentParserCard() {
  return (
    <Card aria-labelledby="tool-document-parser">
      <CardHeader>
        <CardTitle id="tool-document-parser" className="flex items-center gap-2 text-base">
          <FileText className="size-4" aria-hidden />
          Document Parser
          <Badge>Enabled</Badge>
        </CardTitle>
        <CardDescription>
          Turns uploaded files into searchable text on this server: nothing is sent elsewhere. Text in images and
          scanned PDF pages is read by OCR (Tesseract, English), which runs offline and is always on.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm" aria-label="Supported formats">
          {DOCUMENT_FORMATS.map((format) => (
            <li key={format.format} className="grid gap-0.5">
              <span className="font-medium">
                {format.name}{' '}
                <span className="font-normal text-muted-foreground">
                  ({format.extensions.map((extension) => `.${extension}`).join(', ')})
                </span>
              </span>
              <span className="text-xs text-muted-foreground">{format.description}</span>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-muted-foreground">
          Other text files (source code, logs) are read as plain text. Files up to 10 MB.
        </p>
      </CardContent>
    </Card>
  );
}
