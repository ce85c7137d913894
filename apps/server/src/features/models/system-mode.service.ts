import { execFile } from 'node:child_process';
import { hostname } from 'node:os';
import type { GpuInfo, SystemMode } from '@hearth/contract';
import type { ProviderRegistry } from './model-registry';
import { BuiltinProvider } from './providers/builtin.provider';
import { OllamaProvider } from './providers/ollama.provider';

const MB = 1024 * 1024;

export interface GpuProbe {
  available: boolean;
  info: GpuInfo | null;
}

/** nvidia-smi, when installed: the first GPU's name and memory. Absent or failing → null. */
export function probeNvidiaSmi(timeoutMs = 3000): Promise<GpuProbe | null> {
  return new Promise((resolve) => {
    execFile(
      'nvidia-smi',
      ['--query-gpu=name,memory.total,memory.used', '--format=csv,noheader,nounits'],
      { timeout: timeoutMs },
      (error, stdout) => {
        const [name, total, used] = (stdout.split('\n')[0] ?? '').split(',').map((part) => part.trim());
        if (error || !name) return resolve(null);
        resolve({
          available: true,
          info: { name, vram_total_mb: Number(total) || null, vram_used_mb: Number(used) || null },
        });
      },
    );
  });
}

/**
 * GET /api/system/mode: GPU when the built-in runtime runs on a GPU, when Ollama keeps a model in VRAM
 * (/api/ps size_vram > 0), or when nvidia-smi reports a GPU. Errors fall back to CPU with the error text.
 */
export class SystemModeService {
  private smi: { at: number; value: Promise<GpuProbe | null> } | null = null;

  constructor(
    private readonly registry: ProviderRegistry,
    private readonly options: { timeoutMs: number; nvidiaSmi?: () => Promise<GpuProbe | null> },
  ) {}

  private nvidia(): Promise<GpuProbe | null> {
    if (!this.smi || Date.now() - this.smi.at > 30_000) {
      this.smi = { at: Date.now(), value: (this.options.nvidiaSmi ?? probeNvidiaSmi)() };
    }
    return this.smi.value;
  }

  async mode(): Promise<SystemMode> {
    const base = {
      current_model: this.registry.currentModel,
      timestamp: new Date().toISOString(),
      container_hostname: hostname(),
    };
    try {
      const probes = await Promise.all([this.nvidia(), this.builtin(), this.ollama()]);
      const gpu = probes.find((probe) => probe?.available && probe.info) ?? probes.find((probe) => probe?.available);
      return {
        ...base,
        mode: gpu ? 'GPU' : 'CPU',
        gpu_available: Boolean(gpu),
        gpu_info: gpu?.info ?? null,
        fallback: false,
        error: null,
      };
    } catch (error) {
      return {
        ...base,
        mode: 'CPU',
        gpu_available: false,
        gpu_info: null,
        fallback: true,
        error: error instanceof Error ? error.message : String(error),
      };
    }
  }

  private async builtin(): Promise<GpuProbe | null> {
    const entries = await this.registry.entries();
    const builtin = entries.map((entry) => entry.provider).find((p) => p instanceof BuiltinProvider);
    const gpu = await builtin?.gpu();
    if (!gpu?.available) return null;
    return {
      available: true,
      info: { name: gpu.name ?? 'GPU', vram_total_mb: gpu.vram_total_mb, vram_used_mb: gpu.vram_used_mb },
    };
  }

  /** A model Ollama holds in VRAM proves its GPU; Ollama does not name the device. */
  private async ollama(): Promise<GpuProbe | null> {
    const snapshot = await this.registry.snapshot();
    const reachable = snapshot.filter((item) => item.entry.provider instanceof OllamaProvider && item.state.connected);
    const results = await Promise.all(
      reachable.map(async (item) => {
        const running = await (item.entry.provider as OllamaProvider)
          .running(AbortSignal.timeout(this.options.timeoutMs))
          .catch(() => []);
        const vram = running.reduce((sum, model) => sum + (model.size_vram ?? 0), 0);
        if (vram <= 0) return null;
        return {
          available: true,
          info: {
            name: `GPU via ${item.entry.provider.name}`,
            vram_total_mb: null,
            vram_used_mb: Math.round(vram / MB),
          },
        };
      }),
    );
    return results.find(Boolean) ?? null;
  }
}
