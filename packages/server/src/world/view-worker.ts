/** A world's views worker (view-thread.ts): scans the views it is asked to, and says when it is up. */
import { parentPort } from 'node:worker_threads';
import { Scanner } from '../sim/features/sync/scan';
import { serveScan, type ScanRequest } from '../sim/features/sync/scan-channel';

const scanner = new Scanner();
parentPort?.on('message', (q: ScanRequest) => serveScan(scanner, q));
parentPort?.postMessage('ready');
