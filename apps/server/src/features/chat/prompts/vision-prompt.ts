/** What to ask a vision model for each analysis_type of POST /api/vision/analyze. */
const PROMPTS: Record<string, string> = {
  general: 'Describe this image in detail: what it shows, any text in it, and anything notable.',
  document: 'This image shows a document. Transcribe its text faithfully and then summarise its content.',
  ocr: 'Transcribe all text visible in this image exactly, preserving line breaks. Output only the text.',
  chart: 'This image shows a chart or diagram. Explain what it shows, its axes or parts, and the key figures.',
  table: 'This image shows a table. Reproduce it as a Markdown table.',
};

export function visionPrompt(analysisType: string, prompt: string | undefined): string {
  const custom = prompt?.trim();
  if (custom) return custom;
  return PROMPTS[analysisType] ?? PROMPTS.general ?? '';
}
