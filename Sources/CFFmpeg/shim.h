// shim.h — the FFmpeg headers VEDLMedia uses, plus `static inline` wrappers for what Swift
// cannot import: function-like macros (AVERROR, av_opt_set_int_list, MKTAG,
// AV_VERSION_INT), error tags built with FFERRTAG (AVERROR_EOF, …), compound-literal
// constants (AV_NOPTS_VALUE, AV_TIME_BASE_Q, AV_CHANNEL_LAYOUT_*) and the variadic av_log.
// Plain integer macros, enums and FFmpeg's own static inline functions (av_make_q, av_q2d,
// av_rescale_q, …) import as they are and need no wrapper.
//
// Every wrapper is named `vedl_` + the macro's name in lower case, so a reader can find the
// FFmpeg documentation for it.
#ifndef VEDL_CFFMPEG_SHIM_H
#define VEDL_CFFMPEG_SHIM_H

#include <errno.h>
#include <stdint.h>

#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersrc.h>
#include <libavfilter/buffersink.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/dict.h>
#include <libavutil/display.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <libavutil/mathematics.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/rational.h>
#include <libavutil/samplefmt.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>

// MARK: Error codes

/// AVERROR(e): the FFmpeg error code for the POSIX error number `e` (negative).
static inline int vedl_averror(int posix_error) { return AVERROR(posix_error); }

/// AVUNERROR(e): the POSIX error number behind an FFmpeg error code built with AVERROR.
static inline int vedl_avunerror(int error_code) { return AVUNERROR(error_code); }

/// AVERROR(EAGAIN): "output is not available in this state, send more input" (codecs, filters).
static inline int vedl_averror_eagain(void) { return AVERROR(EAGAIN); }

/// AVERROR(ENOMEM).
static inline int vedl_averror_enomem(void) { return AVERROR(ENOMEM); }

/// AVERROR(EINVAL).
static inline int vedl_averror_einval(void) { return AVERROR(EINVAL); }

/// AVERROR(ENOENT).
static inline int vedl_averror_enoent(void) { return AVERROR(ENOENT); }

/// AVERROR(EACCES).
static inline int vedl_averror_eacces(void) { return AVERROR(EACCES); }

/// AVERROR(EIO).
static inline int vedl_averror_eio(void) { return AVERROR(EIO); }

static inline int vedl_averror_eof(void) { return AVERROR_EOF; }
static inline int vedl_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int vedl_averror_bsf_not_found(void) { return AVERROR_BSF_NOT_FOUND; }
static inline int vedl_averror_bug(void) { return AVERROR_BUG; }
static inline int vedl_averror_buffer_too_small(void) { return AVERROR_BUFFER_TOO_SMALL; }
static inline int vedl_averror_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
static inline int vedl_averror_demuxer_not_found(void) { return AVERROR_DEMUXER_NOT_FOUND; }
static inline int vedl_averror_encoder_not_found(void) { return AVERROR_ENCODER_NOT_FOUND; }
static inline int vedl_averror_exit(void) { return AVERROR_EXIT; }
static inline int vedl_averror_external(void) { return AVERROR_EXTERNAL; }
static inline int vedl_averror_filter_not_found(void) { return AVERROR_FILTER_NOT_FOUND; }
static inline int vedl_averror_muxer_not_found(void) { return AVERROR_MUXER_NOT_FOUND; }
static inline int vedl_averror_option_not_found(void) { return AVERROR_OPTION_NOT_FOUND; }
static inline int vedl_averror_patchwelcome(void) { return AVERROR_PATCHWELCOME; }
static inline int vedl_averror_protocol_not_found(void) { return AVERROR_PROTOCOL_NOT_FOUND; }
static inline int vedl_averror_stream_not_found(void) { return AVERROR_STREAM_NOT_FOUND; }
static inline int vedl_averror_unknown(void) { return AVERROR_UNKNOWN; }

// MARK: Time

/// AV_NOPTS_VALUE: "no timestamp" (INT64_MIN). VEDLMedia turns it into `nil`.
static inline int64_t vedl_av_nopts_value(void) { return AV_NOPTS_VALUE; }

/// AV_TIME_BASE_Q: the 1/1000000 time base of AVFormatContext.duration and start_time.
static inline AVRational vedl_av_time_base_q(void) { return AV_TIME_BASE_Q; }

// MARK: Versions and tags

/// AV_VERSION_INT(a, b, c): a library version as one comparable integer.
static inline unsigned vedl_av_version_int(unsigned major, unsigned minor, unsigned micro) {
  return AV_VERSION_INT(major, minor, micro);
}

/// MKTAG(a, b, c, d): a four-character code.
static inline unsigned vedl_mktag(unsigned char a, unsigned char b, unsigned char c, unsigned char d) {
  return MKTAG(a, b, c, d);
}

// MARK: Channel layouts (compound literals)

static inline AVChannelLayout vedl_av_channel_layout_mono(void) {
  return (AVChannelLayout)AV_CHANNEL_LAYOUT_MONO;
}

static inline AVChannelLayout vedl_av_channel_layout_stereo(void) {
  return (AVChannelLayout)AV_CHANNEL_LAYOUT_STEREO;
}

// MARK: Logging

/// av_log(context, level, "%s", message): the variadic av_log in a form Swift can call.
static inline void vedl_av_log(void *context, int level, const char *message) {
  av_log(context, level, "%s", message);
}

/// The name FFmpeg prints in brackets before a message from `context` (for example
/// "mov,mp4,m4a,3gp,3g2,mj2" or "h264"), or NULL when `context` carries no AVClass.
/// Every loggable FFmpeg struct starts with a `const AVClass *` member.
static inline const char *vedl_av_log_context_name(void *context) {
  if (context == NULL) return NULL;
  const AVClass *cls = *(const AVClass **)context;
  if (cls == NULL || cls->item_name == NULL) return NULL;
  return cls->item_name(context);
}

// MARK: Options (av_opt_set_int_list is a macro)

/// av_opt_set_int_list for a list of pixel formats terminated by AV_PIX_FMT_NONE (for
/// example the `pix_fmts` option of a buffersink).
static inline int vedl_av_opt_set_pixel_formats(void *object, const char *name,
                                                const enum AVPixelFormat *formats, int flags) {
  return av_opt_set_int_list(object, name, formats, AV_PIX_FMT_NONE, flags);
}

/// av_opt_set_int_list for a list of sample formats terminated by AV_SAMPLE_FMT_NONE.
static inline int vedl_av_opt_set_sample_formats(void *object, const char *name,
                                                 const enum AVSampleFormat *formats, int flags) {
  return av_opt_set_int_list(object, name, formats, AV_SAMPLE_FMT_NONE, flags);
}

/// av_opt_set_int_list for a list of `int` values terminated by `terminator` (for example
/// the `sample_rates` option of an abuffersink, terminated by -1).
static inline int vedl_av_opt_set_int_values(void *object, const char *name,
                                             const int *values, int terminator, int flags) {
  return av_opt_set_int_list(object, name, values, terminator, flags);
}

// MARK: Frame planes (AVFrame.data and linesize are fixed arrays, imported as tuples)

/// frame->data[plane], or NULL when `plane` is out of range.
static inline uint8_t *vedl_av_frame_plane(const AVFrame *frame, int plane) {
  if (plane < 0 || plane >= AV_NUM_DATA_POINTERS) return NULL;
  return frame->data[plane];
}

/// frame->linesize[plane], or 0 when `plane` is out of range.
static inline int vedl_av_frame_linesize(const AVFrame *frame, int plane) {
  if (plane < 0 || plane >= AV_NUM_DATA_POINTERS) return 0;
  return frame->linesize[plane];
}

#endif  // VEDL_CFFMPEG_SHIM_H
