/** The prompts feature's public surface: the composer's slash menu and variables dialog. */
export { PromptVariablesDialog } from './components/prompt-variables-dialog';
export { SlashPromptMenu } from './components/slash-prompt-menu';
export { useSlashPrompts } from './hooks/use-slash-prompts';
