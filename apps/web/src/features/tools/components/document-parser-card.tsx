import { DOCUMENT_FORMATS } from '@hearth/contract';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

/** The extractors knowledge uploads go through (the list is shared with, and tested against, the server). */
export function DocumentParserCard() {
  const { t } = useTranslation('tools');
  // The contract's English names and descriptions, in the current language (by format id).
  const text: Record<string, [name: string, description: string]> = {
    txt: [t('formats.txt.name'), t('formats.txt.description')],
    md: [t('formats.md.name'), t('formats.md.description')],
    json: [t('formats.json.name'), t('formats.json.description')],
    csv: [t('formats.csv.name'), t('formats.csv.description')],
    html: [t('formats.html.name'), t('formats.html.description')],
    xml: [t('formats.xml.name'), t('formats.xml.description')],
    pdf: [t('formats.pdf.name'), t('formats.pdf.description')],
    docx: [t('formats.docx.name'), t('formats.docx.description')],
    doc: [t('formats.doc.name'), t('formats.doc.description')],
    xlsx: [t('formats.xlsx.name'), t('formats.xlsx.description')],
    pptx: [t('formats.pptx.name'), t('formats.pptx.description')],
    image: [t('formats.image.name'), t('formats.image.description')],
  };
  return (
    <Card aria-labelledby="tool-document-parser">
      <CardHeader>
        <CardTitle id="tool-document-parser" className="flex items-center gap-2 text-base">
          <FileText className="size-4" aria-hidden />
          {t('parser.title')}
          <Badge>{t('enabled')}</Badge>
        </CardTitle>
        <CardDescription>{t('parser.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm" aria-label={t('parser.formats')}>
          {DOCUMENT_FORMATS.map((format) => (
            <li key={format.format} className="grid gap-0.5">
              <span className="font-medium">
                {text[format.format]?.[0] ?? format.name}{' '}
                <span className="font-normal text-muted-foreground">
                  ({format.extensions.map((extension) => `.${extension}`).join(', ')})
                </span>
              </span>
              <span className="text-xs text-muted-foreground">{text[format.format]?.[1] ?? format.description}</span>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-muted-foreground">{t('parser.otherFiles')}</p>
      </CardContent>
    </Card>
  );
}
